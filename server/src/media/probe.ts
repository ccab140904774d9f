import fs from 'node:fs/promises';
import { LIMITS } from '@music-rooms/domain';
import { id3Length, SNIFF_BYTES, sniffAudioFormat, type AudioFormat } from './sniff';

/** The largest leading ID3 tag read: room for the largest cover kept and the rest of a tag. */
export const LARGEST_READ_TAG_BYTES = LIMITS.trackCover.maxBytes + 4 * 1024 * 1024;

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

/**
 * How ffmpeg is to read a file: past a leading ID3 tag larger than any real one (a crafted
 * 120 MB frame, which ffmpeg would otherwise load whole), else from its start.
 */
export async function decoderInput(filePath: string): Promise<string[]> {
  const handle = await fs.open(filePath, 'r');
  try {
    const tag = id3Length(await readAt(handle, 0, 10));
    if (tag <= LARGEST_READ_TAG_BYTES) return ['-i', filePath];
    return ['-skip_initial_bytes', String(tag), '-i', filePath];
  } finally {
    await handle.close();
  }
}
