import { Worker } from 'node:worker_threads';
import { LIMITS } from '@music-rooms/domain';
import { LARGEST_READ_TAG_BYTES } from './probe';

/** What a file's own tags say about it; every field may be missing. */
export type AudioTags = {
  title: string | null;
  artist: string | null;
  album: string | null;
  year: number | null;
  genre: string | null;
  durationSeconds: number | null;
  isrc: string | null;
  bitrate: number | null;
  sampleRate: number | null;
  channels: number | null;
  /** The embedded front cover (or the first picture), as stored in the file. */
  picture: { data: Uint8Array; format: string } | null;
};

/** What `tags-worker.mjs` answers: music-metadata's fields the app reads. */
type ParsedTags = {
  common: {
    title?: string;
    artist?: string;
    artists?: string[];
    album?: string;
    year?: number;
    genre?: string[];
    isrc?: string[];
  };
  format: { duration?: number; bitrate?: number; sampleRate?: number; numberOfChannels?: number };
  picture: { data: Uint8Array; format: string } | null;
};

/** How long a file's tags may take to read; a file whose tags take longer has none. */
const TAG_READ_LIMIT_MS = 30_000;

const clean = (value: string | undefined | null): string | null => {
  // Tags written by careless tools carry NULs and padding; none of it is part of a name.
  // eslint-disable-next-line no-control-regex -- removing NUL is the point
  const text = value?.replace(/\u0000/g, '').trim();
  return text ? text : null;
};

/**
 * Parses the tags on a worker thread (see tags-worker.mjs), ended after its time limit, so that
 * however long a crafted tag takes to parse, the event loop goes on answering.
 */
function parseInWorker(filePath: string): Promise<ParsedTags> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./tags-worker.mjs', import.meta.url), {
      workerData: {
        filePath,
        maxPictureBytes: LIMITS.trackCover.maxBytes,
        maxTagBytes: LARGEST_READ_TAG_BYTES,
      },
    });
    const timer = setTimeout(() => {
      reject(new Error(`reading the tags took over ${TAG_READ_LIMIT_MS} ms`));
      void worker.terminate();
    }, TAG_READ_LIMIT_MS);
    worker.once('message', (parsed: ParsedTags) => {
      clearTimeout(timer);
      resolve(parsed);
    });
    worker.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    // After a message this changes nothing; without one, the thread ended without an answer.
    worker.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the tag reader ended with ${code}`));
    });
  });
}

/** Reads title, artist, album, year, genre, duration, ISRC and the cover from the file's tags. */
export async function readAudioTags(filePath: string): Promise<AudioTags> {
  const { common, format, picture } = await parseInWorker(filePath);
  const duration = format.duration;
  return {
    title: clean(common.title),
    artist: clean(common.artist ?? common.artists?.join(', ')),
    album: clean(common.album),
    year: common.year && common.year > 0 && common.year < 10_000 ? common.year : null,
    genre: clean(common.genre?.join(', ')),
    durationSeconds: duration && Number.isFinite(duration) && duration > 0 ? duration : null,
    isrc: clean(common.isrc?.[0]),
    bitrate: format.bitrate ? Math.round(format.bitrate) : null,
    sampleRate: format.sampleRate ?? null,
    channels: format.numberOfChannels ?? null,
    picture,
  };
}
