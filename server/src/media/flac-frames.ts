import { crc16Step, crc8 } from './flac-crc';
import { FlacFormatError, readFlacMetadata, type FlacStreamInfo } from './flac-stream-info';

/** One frame of a FLAC stream: where it starts in the file and the first sample it holds. */
export type FlacFrame = { offset: number; sample: number; blockSize: number };

/** A frame header as read: the number it carries (frame or sample) and its block size. */
type FrameHeader = { variable: boolean; number: number; blockSize: number };

/** The longest frame header: 4 fixed bytes, a 7-byte coded number, 2 + 2 extra bytes, CRC-8. */
const MAX_HEADER = 16;

const BLOCK_SIZES: Record<number, number> = { 1: 192, 2: 576, 3: 1152, 4: 2304, 5: 4608 };
const SAMPLE_RATES = [0, 88_200, 176_400, 192_000, 8000, 16_000, 22_050, 24_000, 32_000, 44_100];
const SAMPLE_RATES_HIGH = [48_000, 96_000];
/** Bits per sample by the header's code (0: as STREAMINFO says; 3 is reserved). */
const SAMPLE_DEPTHS = [0, 8, 12, 0, 16, 20, 24, 32];

const fixedBlockSize = (code: number) => BLOCK_SIZES[code] ?? (code >= 8 ? 256 << (code - 8) : 0);

/** The "UTF-8" coded frame or sample number at `at`: its value and length, or null. */
function codedNumber(bytes: Uint8Array, at: number): { value: number; length: number } | null {
  const first = bytes[at];
  if (first === undefined) return null;
  let length = 0; // the leading 1 bits: how many bytes the number takes
  while (length < 8 && first & (0x80 >> length)) length += 1;
  if (length === 0) return { value: first, length: 1 };
  if (length === 1 || length > 7) return null;
  let value = first & (0xff >> (length + 1));
  for (let i = 1; i < length; i += 1) {
    const next = bytes[at + i];
    if (next === undefined || (next & 0xc0) !== 0x80) return null;
    value = value * 64 + (next & 0x3f);
  }
  return { value, length };
}

/**
 * Reads the frame header that may start at `at`: null unless it is one in every respect (sync
 * code, no reserved values, the stream's channel count, sample rate and depth, a correct CRC-8),
 * which rejects nearly every false sync inside the audio data.
 */
export function readFrameHeader(
  bytes: Uint8Array,
  at: number,
  info: FlacStreamInfo,
): FrameHeader | null {
  if (bytes[at] !== 0xff || ((bytes[at + 1] ?? 0) & 0xfe) !== 0xf8 || at + 4 > bytes.length) {
    return null;
  }
  const blockCode = bytes[at + 2]! >> 4;
  const rateCode = bytes[at + 2]! & 0x0f;
  const channelCode = bytes[at + 3]! >> 4;
  const depthCode = (bytes[at + 3]! >> 1) & 0x07;
  if (blockCode === 0 || rateCode === 15 || channelCode > 10 || depthCode === 3) return null;
  if (bytes[at + 3]! & 1) return null;
  if ((channelCode < 8 ? channelCode + 1 : 2) !== info.channels) return null;
  if (depthCode !== 0 && SAMPLE_DEPTHS[depthCode] !== info.bitsPerSample) return null;
  const number = codedNumber(bytes, at + 4);
  if (!number) return null;
  let end = at + 4 + number.length;
  const extra = (count: number) => {
    let value = 0;
    for (let i = 0; i < count; i += 1) value = value * 256 + (bytes[end + i] ?? 0);
    end += count;
    return value;
  };
  const blockSize =
    blockCode === 6 ? extra(1) + 1 : blockCode === 7 ? extra(2) + 1 : fixedBlockSize(blockCode);
  const rate =
    rateCode === 0
      ? info.sampleRate
      : rateCode < 10
        ? SAMPLE_RATES[rateCode]!
        : rateCode < 12
          ? SAMPLE_RATES_HIGH[rateCode - 10]!
          : rateCode === 12
            ? extra(1) * 1000
            : rateCode === 13
              ? extra(2)
              : extra(2) * 10;
  if (end >= bytes.length || rate !== info.sampleRate || blockSize > info.maxBlockSize) return null;
  if (crc8(bytes, at, end) !== bytes[end]) return null;
  return { variable: (bytes[at + 1]! & 1) === 1, number: number.value, blockSize };
}

/**
 * Finds every frame of a FLAC stream fed in chunks of any size, keeping only a few bytes
 * between chunks. A frame is confirmed when the next one starts where the running CRC-16 of its
 * bytes comes out 0 and that next header carries the expected frame (or sample) number; the last
 * is confirmed by the end of the stream. Anything else is a FormatError: the copy is rebuilt
 * rather than served with a wrong index.
 */
export class FlacFrameScanner {
  streamInfo: FlacStreamInfo | null = null;
  private head: Uint8Array | null = new Uint8Array(0);
  /** Bytes not yet scanned, starting at file offset `pendingOffset`. */
  private pending = new Uint8Array(0);
  private pendingOffset = 0;
  private current: FlacFrame | null = null;
  private crc = 0;
  private frameCount = 0;
  private nextSample = 0;

  /** Feeds the next bytes of the file; answers the frames they confirmed. */
  push(chunk: Uint8Array): FlacFrame[] {
    if (this.head) return this.pushHead(chunk);
    return this.scan(concat(this.pending, chunk), false);
  }

  /** The end of the file: answers the last frame and checks the stream added up. */
  end(): FlacFrame[] {
    if (this.head) throw new FlacFormatError('the stream ends inside its metadata');
    const frames = this.scan(this.pending, true);
    const info = this.streamInfo!;
    if (this.frameCount === 0) throw new FlacFormatError('the stream holds no frame');
    if (info.totalSamples !== 0 && info.totalSamples !== this.nextSample) {
      throw new FlacFormatError(
        `frames hold ${this.nextSample} samples, STREAMINFO says ${info.totalSamples}`,
      );
    }
    return frames;
  }

  /** The samples of every frame found so far. */
  get totalSamples(): number {
    return this.nextSample;
  }

  private pushHead(chunk: Uint8Array): FlacFrame[] {
    const head = concat(this.head!, chunk);
    const metadata = readFlacMetadata(head);
    if (!metadata) {
      this.head = head;
      return [];
    }
    this.head = null;
    this.streamInfo = metadata.streamInfo;
    this.pendingOffset = metadata.audioOffset;
    return this.scan(head.subarray(metadata.audioOffset), false);
  }

  private scan(bytes: Uint8Array, ended: boolean): FlacFrame[] {
    const frames: FlacFrame[] = [];
    const info = this.streamInfo!;
    const stop = ended ? bytes.length : bytes.length - MAX_HEADER;
    let i = 0;
    for (; i < stop; i += 1) {
      if (bytes[i] === 0xff && this.crc === 0) {
        const header = readFrameHeader(bytes, i, info);
        if (header && this.isExpected(header)) {
          if (this.current) frames.push(this.current);
          this.startFrame(this.pendingOffset + i, header);
        }
      }
      this.crc = crc16Step(this.crc, bytes[i]!);
      if (!this.current) throw new FlacFormatError('no frame where the audio starts');
    }
    this.pendingOffset += i;
    this.pending = bytes.slice(i);
    if (ended) {
      if (this.crc !== 0 || !this.current) throw new FlacFormatError('the last frame is broken');
      frames.push(this.current);
      this.current = null;
    }
    return frames;
  }

  private isExpected(header: FrameHeader): boolean {
    return header.variable ? header.number === this.nextSample : header.number === this.frameCount;
  }

  private startFrame(offset: number, header: FrameHeader): void {
    this.current = { offset, sample: this.nextSample, blockSize: header.blockSize };
    this.frameCount += 1;
    this.nextSample += header.blockSize;
    this.crc = 0;
  }
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (a.length === 0) return b;
  const joined = new Uint8Array(a.length + b.length);
  joined.set(a, 0);
  joined.set(b, a.length);
  return joined;
}
