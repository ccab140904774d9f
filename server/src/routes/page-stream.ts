import { PassThrough, type Readable, type Transform } from 'node:stream';
import zlib from 'node:zlib';
import { BROTLI_OPTIONS, type AnswerEncoding } from './answer-bytes';

/**
 * A page sent in two parts: `head` at once (flushed through the compressor, so that the browser
 * starts on the scripts and styles it names), then the tail `rest` makes. The page's module
 * scripts run only once the whole page is in, so a tail that comes while they load costs nothing.
 * `rest` is begun once the head is out of the compressor: the head carries the server's clock as
 * it left (a clock probe, first-reads.ts), and begun with it, the tail's reads shared this thread
 * with the compressor's answer (seen: 3–64 ms from the clock's reading to the compressed head on
 * a busy machine). A tail that fails ends the page without it.
 */
export function twoPartPage(
  encoding: AnswerEncoding,
  head: string,
  rest: () => Promise<string>,
): Readable {
  const encoder = encoderFor(encoding);
  const page = new PassThrough();
  encoder.pipe(page);
  encoder.once('data', () => {
    rest().then(
      (text) => encoder.end(text),
      () => encoder.end(),
    );
  });
  encoder.write(head);
  if ('flush' in encoder && typeof encoder.flush === 'function') (encoder as zlib.Gzip).flush();
  return page;
}

function encoderFor(encoding: AnswerEncoding): Transform {
  if (encoding === 'br') return zlib.createBrotliCompress(BROTLI_OPTIONS);
  if (encoding === 'gzip') return zlib.createGzip();
  return new PassThrough();
}
