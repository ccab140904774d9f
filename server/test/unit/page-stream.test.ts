import zlib from 'node:zlib';
import { PassThrough, type Readable, type Transform } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { AnswerEncoding } from '../../src/routes/answer-bytes';
import { twoPartPage } from '../../src/routes/page-stream';

const decoderFor = (encoding: AnswerEncoding): Transform =>
  encoding === 'br'
    ? zlib.createBrotliDecompress()
    : encoding === 'gzip'
      ? zlib.createGunzip()
      : new PassThrough();

/** What a browser has read of the page so far, decoded, as it grows. */
function readAsItComes(page: Readable, encoding: AnswerEncoding) {
  let text = '';
  const decoder = decoderFor(encoding);
  decoder.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const ended = new Promise((resolve) => decoder.on('end', resolve));
  page.pipe(decoder);
  return { text: () => text, ended };
}

const until = async (done: () => boolean) => {
  for (let i = 0; i < 200 && !done(); i += 1) await new Promise((r) => setTimeout(r, 5));
};

describe('a page sent in two parts', () => {
  it.each(['br', 'gzip', 'identity'] as const)(
    'sends its head at once and its tail once known (%s)',
    async (encoding) => {
      const head = `<!doctype html><head>${'<link rel="modulepreload" href="/a.js">'.repeat(40)}</head><body>`;
      let endTail: (text: string) => void = () => {};
      const tail = new Promise<string>((resolve) => (endTail = resolve));
      const read = readAsItComes(
        twoPartPage(encoding, head, () => tail),
        encoding,
      );
      await until(() => read.text() === head);
      // The browser has the head (and the files it names) while the tail is still being read.
      expect(read.text()).toBe(head);
      endTail('<script id="x"></script></body>');
      await read.ended;
      expect(read.text()).toBe(`${head}<script id="x"></script></body>`);
    },
  );

  it.each(['br', 'gzip', 'identity'] as const)(
    'begins its tail once its head is out of the compressor (%s)',
    async (encoding) => {
      const head = '<!doctype html><head></head><body>';
      let headBytesWhenBegun = -1;
      const page: Readable = twoPartPage(encoding, head, async () => {
        // (Once the page is returned: without a compressor the head goes through as it is written.)
        await null;
        // Nothing reads the page yet: what the compressor gave out waits in it.
        headBytesWhenBegun = page.readableLength;
        return '</body>';
      });
      await until(() => headBytesWhenBegun !== -1);
      expect(headBytesWhenBegun).toBeGreaterThan(0);
      const read = readAsItComes(page, encoding);
      await read.ended;
      expect(read.text()).toBe(`${head}</body>`);
    },
  );

  it('ends the page without its tail when the tail fails', async () => {
    const read = readAsItComes(
      twoPartPage('gzip', '<body>', () => Promise.reject(new Error('x'))),
      'gzip',
    );
    await read.ended;
    expect(read.text()).toBe('<body>');
  });
});
