import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyRequest } from 'fastify';

/** How an answer's bytes travel: compressed as the client allows, or as they are. */
export type AnswerEncoding = 'br' | 'gzip' | 'identity';

/** Below this size an answer is sent as it is (as @fastify/compress does in app.ts). */
const COMPRESS_FROM_BYTES = 1024;

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);
/** The quality @fastify/compress uses: a good ratio at a small cost. */
export const BROTLI_OPTIONS = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };

/** The bytes of one answer, by encoding, made when first asked for. */
type Kept = { json: Buffer; encoded: Map<AnswerEncoding, Promise<Buffer>> };

/** Kept by the answer itself: they go when nothing holds the answer any more. */
const kept = new WeakMap<object, Kept>();

/**
 * The encoding to answer in, by the client's Accept-Encoding: the one it prefers most, Brotli
 * before gzip when it likes both the same; as it is when it takes neither, or asked not to
 * compress (`x-no-compression`, as @fastify/compress honours).
 */
export function answerEncoding(request: FastifyRequest): AnswerEncoding {
  const header = request.headers['accept-encoding'];
  if (!header || request.headers['x-no-compression'] !== undefined) return 'identity';
  let best: AnswerEncoding = 'identity';
  let bestWeight = 0;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    weights.set(name.trim(), q ? Number(q.slice(2)) || 0 : 1);
  }
  for (const encoding of ['br', 'gzip'] as const) {
    const weight = weights.get(encoding) ?? weights.get('*') ?? 0;
    if (weight > bestWeight) [best, bestWeight] = [encoding, weight];
  }
  return best;
}

/**
 * The bytes of an answer that never changes (a frozen value, shared by every caller who gets
 * it): serialized once, and compressed once per encoding off the main thread, rather than for
 * every request. `wrap` makes the answer from the value; it is called once per value.
 */
export async function keptAnswerBytes(
  value: object,
  wrap: (value: object) => unknown,
  encoding: AnswerEncoding,
): Promise<{ bytes: Buffer; encoding: AnswerEncoding }> {
  let entry = kept.get(value);
  if (!entry) {
    entry = { json: Buffer.from(JSON.stringify(wrap(value))), encoded: new Map() };
    kept.set(value, entry);
  }
  if (encoding === 'identity' || entry.json.length < COMPRESS_FROM_BYTES)
    return { bytes: entry.json, encoding: 'identity' };
  let encoded = entry.encoded.get(encoding);
  if (!encoded) {
    encoded = encoding === 'br' ? brotli(entry.json, BROTLI_OPTIONS) : gzip(entry.json);
    entry.encoded.set(encoding, encoded);
  }
  return { bytes: await encoded, encoding };
}
