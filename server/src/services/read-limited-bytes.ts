/** What is read of an answer: undici's and the global fetch's both fit. */
type Answer = {
  headers: { get(name: string): string | null };
  body: ReadableStream<Uint8Array> | null;
};

/** Reads a body up to a size; a longer one, or one cut short, throws. */
export async function readLimitedBytes(response: Answer, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > maxBytes) throw new Error('answer too large');
  const chunks: Buffer[] = [];
  let size = 0;
  const reader = response.body?.getReader();
  if (!reader) return Buffer.alloc(0);
  for (let part = await reader.read(); !part.done; part = await reader.read()) {
    size += part.value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new Error('answer too large');
    }
    chunks.push(Buffer.from(part.value));
  }
  return Buffer.concat(chunks);
}
