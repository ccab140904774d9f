import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Duplex, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Scratch files: the local files the media tools (ffmpeg, the tag reader) work on by path, in a
 * temporary folder of their own that is removed however the work ends. Services name scratch
 * files and stored objects; only this module and the stores touch the file system.
 */
export type ScratchFolder = {
  /** A path in the folder (nothing is created until something writes there). */
  file(name: string): string;
  /** Removes the folder and all it holds; removing twice is harmless. */
  remove(): Promise<void>;
};

/** Writing to a scratch file failed (the local disk), as opposed to reading what was written. */
export class ScratchWriteError extends Error {
  constructor(cause: unknown) {
    super(`Could not write a scratch file: ${cause instanceof Error ? cause.message : cause}`);
    this.name = 'ScratchWriteError';
    this.cause = cause;
  }
}

/** A new empty folder under the system's temporary folder; the caller removes it. */
export async function openScratchFolder(purpose: string): Promise<ScratchFolder> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), `music-rooms-${purpose}-`));
  return {
    file: (name) => path.join(dir, name),
    remove: () => fs.rm(dir, { recursive: true, force: true }),
  };
}

/** Runs `work` with the path of a scratch file; the file and its folder go afterwards. */
export async function withScratchFile<T>(
  purpose: string,
  name: string,
  work: (file: string) => Promise<T>,
): Promise<T> {
  const folder = await openScratchFolder(purpose);
  try {
    return await work(folder.file(name));
  } finally {
    await folder.remove();
  }
}

/**
 * Streams `source` (through each of `through`) into a file. A failure of the file itself is a
 * ScratchWriteError; a failure of the source or a stage rejects as it was.
 */
export async function writeStreamToFile(
  file: string,
  source: Readable,
  ...through: Duplex[]
): Promise<void> {
  let writeFailed: unknown = null;
  const out = createWriteStream(file).on('error', (error) => (writeFailed ??= error));
  try {
    await pipeline([source, ...through, out]);
  } catch (error) {
    if (writeFailed) throw new ScratchWriteError(writeFailed);
    throw error;
  }
}

/** The bytes of a local file (a finished upload, a scratch file), in chunks. */
export function fileChunks(file: string): AsyncIterable<Buffer> {
  return createReadStream(file) as AsyncIterable<Buffer>;
}

/** A local file's bytes at once (small files only: an uploaded cover image). */
export const readWholeFile = (file: string): Promise<Buffer> => fs.readFile(file);

/** A local file's size in bytes. */
export const fileSize = async (file: string): Promise<number> => (await fs.stat(file)).size;
