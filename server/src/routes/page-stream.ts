import { PassThrough, type Readable, type Transform } from 'node:stream';
import zlib from 'node:zlib';
import { BROTLI_OPTIONS, type AnswerEncoding } from './answer-bytes';

/**
 * A page sent in two parts: `head` at once (flushed through the compressor, so that the browser
 * starts on the scripts and styles it names), then `tail` once it is known. The page's module
 * scripts run only once the whole page is in, so a tail that comes while they load costs nothing.
 * A tail that fails ends the page without it.
 */
export function twoPartPage(
  encoding: AnswerEncoding,
  head: string,
  tail: Promise<string>,
): Readable {
  const out = encoderFor(encoding);
  out.write(head);
  if ('flush' in out && typeof out.flush === 'function') (out as zlib.Gzip).flush();
  tail.then(
    (text) => out.end(text),
    () => out.end(),
  );
  return out;
}

function encoderFor(encoding: AnswerEncoding): Transform {
  if (encoding === 'br') return zlib.createBrotliCompress(BROTLI_OPTIONS);
  if (encoding === 'gzip') return zlib.createGzip();
  return new PassThrough();
}
