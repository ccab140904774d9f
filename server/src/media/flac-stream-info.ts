/** What a FLAC stream's STREAMINFO block says of the whole stream. */
export type FlacStreamInfo = {
  minBlockSize: number;
  maxBlockSize: number;
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  /** 0 when the encoder did not know it. */
  totalSamples: number;
  /** The block's 34 bytes as stored. */
  raw: Uint8Array;
};

export const STREAMINFO_LENGTH = 34;
const MAGIC = [0x66, 0x4c, 0x61, 0x43]; // "fLaC"
/** A stream's metadata blocks are small; more than this before the audio is no FLAC we made. */
const METADATA_LIMIT = 16 * 1024 * 1024;

export class FlacFormatError extends Error {}

function parseStreamInfo(raw: Uint8Array): FlacStreamInfo {
  const view = new DataView(raw.buffer, raw.byteOffset, raw.byteLength);
  const rateChannelsBits = view.getUint32(10);
  const info = {
    minBlockSize: view.getUint16(0),
    maxBlockSize: view.getUint16(2),
    sampleRate: rateChannelsBits >>> 12,
    channels: ((rateChannelsBits >>> 9) & 0x07) + 1,
    bitsPerSample: ((rateChannelsBits >>> 4) & 0x1f) + 1,
    // 36 bits: the low 4 bits of byte 13, then bytes 14 to 17.
    totalSamples: (raw[13]! & 0x0f) * 2 ** 32 + view.getUint32(14),
    raw: Uint8Array.from(raw),
  };
  if (info.sampleRate === 0 || info.maxBlockSize < 16) {
    throw new FlacFormatError('STREAMINFO describes no playable stream');
  }
  return info;
}

/**
 * Reads the metadata blocks at the head of a FLAC stream: STREAMINFO, and where the first frame
 * starts. Null while `head` does not yet hold every block (read more and call again).
 */
export function readFlacMetadata(
  head: Uint8Array,
): { streamInfo: FlacStreamInfo; audioOffset: number } | null {
  if (head.length < 4) return null;
  if (MAGIC.some((byte, i) => head[i] !== byte)) throw new FlacFormatError('not a FLAC stream');
  let at = 4;
  let streamInfo: FlacStreamInfo | null = null;
  for (;;) {
    if (at > METADATA_LIMIT) throw new FlacFormatError('metadata too large');
    if (head.length < at + 4) return null;
    const isLast = (head[at]! & 0x80) !== 0;
    const type = head[at]! & 0x7f;
    const length = (head[at + 1]! << 16) | (head[at + 2]! << 8) | head[at + 3]!;
    if (head.length < at + 4 + length) return null;
    if (type === 0) {
      if (length !== STREAMINFO_LENGTH) throw new FlacFormatError('malformed STREAMINFO');
      streamInfo = parseStreamInfo(head.subarray(at + 4, at + 4 + length));
    }
    at += 4 + length;
    if (isLast) break;
  }
  if (!streamInfo) throw new FlacFormatError('no STREAMINFO block');
  return { streamInfo, audioOffset: at };
}

/**
 * What a decoder needs before any run of whole frames: `fLaC` and STREAMINFO as the only (last)
 * metadata block, with the total sample count and the MD5 signature cleared ("unknown"), since
 * a segment holds only part of the stream.
 */
export function segmentHeader(streamInfo: FlacStreamInfo): Uint8Array {
  const header = new Uint8Array(8 + STREAMINFO_LENGTH);
  header.set(MAGIC, 0);
  header.set([0x80, 0, 0, STREAMINFO_LENGTH], 4);
  const body = Uint8Array.from(streamInfo.raw);
  body[13] = body[13]! & 0xf0;
  body.fill(0, 14, STREAMINFO_LENGTH);
  header.set(body, 8);
  return header;
}
