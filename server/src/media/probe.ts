import fs from 'node:fs/promises';
import { id3Length, SNIFF_BYTES, sniffAudioFormat, type AudioFormat } from './sniff';

async function readAt(handle: fs.FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

/** The real format of an audio file on disk, looking past an ID3 tag of any size. */
export async function sniffAudioFile(filePath: string): Promise<AudioFormat | null> {
  const handle = await fs.open(filePath, 'r');
  try {
    const head = await readAt(handle, 0, SNIFF_BYTES);
    const tag = id3Length(head);
    if (tag === 0 || tag + 4096 <= head.length) return sniffAudioFormat(head);
    return sniffAudioFormat(head, await readAt(handle, tag, 8192));
  } finally {
    await handle.close();
  }
}
