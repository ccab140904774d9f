// Reads an audio file's tags and stream header with music-metadata on a thread of its own: a
// crafted tag (one ID3 frame of 120 MB) keeps a parser busy for seconds, and that must be this
// thread's time, never that of the one answering HTTP and sockets (`tags.ts` starts it).
//
// Plain JavaScript on purpose: a worker thread is started from a file, and this one must run as
// it is under the bundled server, under tsx and under the test runner alike.
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { parseFile, parseStream } from 'music-metadata';

yieldToTheEventLoop();

/** Runs at a lower priority, so that on a busy machine the event loop wins the core. */
function yieldToTheEventLoop() {
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(threadId)) setPriority(threadId, 10);
  } catch {
    // Not Linux, or not allowed: the thread keeps the process's priority.
  }
}

/** @type {{ filePath: string, maxPictureBytes: number, maxTagBytes: number }} */
const { filePath, maxPictureBytes, maxTagBytes } = workerData;

/** The size of a leading ID3v2 tag and the file's (see id3Length in sniff.ts). */
async function leadingTag() {
  const handle = await open(filePath, 'r');
  try {
    const head = Buffer.alloc(10);
    await handle.read(head, 0, 10, 0);
    const { size } = await handle.stat();
    if (head.toString('latin1', 0, 3) !== 'ID3') return { tagBytes: 0, size };
    const syncsafe = ((head[6] & 0x7f) << 21) | ((head[7] & 0x7f) << 14) | ((head[8] & 0x7f) << 7);
    const footer = head[5] & 0x10 ? 10 : 0;
    return { tagBytes: 10 + (syncsafe | (head[9] & 0x7f)) + footer, size };
  } finally {
    await handle.close();
  }
}

/**
 * The parse of the file, or of what follows its leading ID3 tag when that is larger than any
 * real one (a crafted frame of 100 MB): such a tag is passed over unread, the audio is not.
 */
async function parse() {
  const options = { duration: true, skipCovers: false };
  const { tagBytes, size } = await leadingTag();
  if (tagBytes <= maxTagBytes) return parseFile(filePath, options);
  const rest = createReadStream(filePath, { start: tagBytes });
  return parseStream(rest, { size: size - tagBytes }, options);
}

const { common, format } = await parse();
const front = common.picture?.find((p) => /front/i.test(p.type ?? '')) ?? common.picture?.[0];
// A picture larger than any cover the app keeps is not copied back.
const picture =
  front && front.data.length <= maxPictureBytes
    ? { data: Uint8Array.from(front.data), format: front.format }
    : null;
parentPort.postMessage(
  {
    common: {
      title: common.title,
      artist: common.artist,
      artists: common.artists,
      album: common.album,
      year: common.year,
      genre: common.genre,
      isrc: common.isrc,
    },
    format: {
      duration: format.duration,
      bitrate: format.bitrate,
      sampleRate: format.sampleRate,
      numberOfChannels: format.numberOfChannels,
    },
    picture,
  },
  picture ? [picture.data.buffer] : [],
);
