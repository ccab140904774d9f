/** The audio formats the product takes (spec §5), as the bytes tell them, never the file name. */
export const AUDIO_FORMATS = ['mp3', 'wav', 'flac', 'm4a', 'aac', 'ogg', 'opus'] as const;
export type AudioFormat = (typeof AUDIO_FORMATS)[number];

export const AUDIO_MIME: Record<AudioFormat, string> = {
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  flac: 'audio/flac',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  ogg: 'audio/ogg',
  opus: 'audio/ogg; codecs=opus',
};

/** How many leading bytes `sniffAudioFormat` wants to see (ID3 tags may come first). */
export const SNIFF_BYTES = 64 * 1024;

const ascii = (bytes: Uint8Array, at: number, length: number) =>
  String.fromCharCode(...bytes.subarray(at, at + length));

/** Size of a leading ID3v2 tag (syncsafe length plus its 10-byte header), or 0. */
export function id3Length(bytes: Uint8Array): number {
  if (bytes.length < 10 || ascii(bytes, 0, 3) !== 'ID3') return 0;
  const size = ((bytes[6]! & 0x7f) << 21) | ((bytes[7]! & 0x7f) << 14) | ((bytes[8]! & 0x7f) << 7);
  const footer = bytes[5]! & 0x10 ? 10 : 0;
  return 10 + (size | (bytes[9]! & 0x7f)) + footer;
}

/** An MPEG audio frame header: 11 sync bits, a real version, layer III and bitrate/rate indexes. */
function isMpegFrame(bytes: Uint8Array, at: number): boolean {
  if (at + 4 > bytes.length || bytes[at] !== 0xff || (bytes[at + 1]! & 0xe0) !== 0xe0) return false;
  const version = (bytes[at + 1]! >> 3) & 0x3;
  const layer = (bytes[at + 1]! >> 1) & 0x3;
  const bitrate = bytes[at + 2]! >> 4;
  const rate = (bytes[at + 2]! >> 2) & 0x3;
  return version !== 1 && layer === 1 && bitrate !== 0 && bitrate !== 15 && rate !== 3;
}

/** An ADTS (raw AAC) header: sync, layer 0 and a valid sampling index. */
function isAdtsFrame(bytes: Uint8Array, at: number): boolean {
  if (at + 7 > bytes.length || bytes[at] !== 0xff || (bytes[at + 1]! & 0xf6) !== 0xf0) return false;
  return ((bytes[at + 2]! >> 2) & 0xf) < 13;
}

/** Two frame headers in a row, so that a stray 0xFF in junk does not pass for audio. */
function mpegFormatAt(bytes: Uint8Array, at: number): AudioFormat | null {
  if (isAdtsFrame(bytes, at)) {
    const length = ((bytes[at + 3]! & 0x3) << 11) | (bytes[at + 4]! << 3) | (bytes[at + 5]! >> 5);
    return length > 7 && (at + length >= bytes.length || isAdtsFrame(bytes, at + length))
      ? 'aac'
      : null;
  }
  if (!isMpegFrame(bytes, at)) return null;
  const next = at + mp3FrameLength(bytes, at);
  return next >= bytes.length || isMpegFrame(bytes, next) ? 'mp3' : null;
}

const MP3_BITRATES = {
  v1: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  v2: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
const MP3_RATES = { 3: [44100, 48000, 32000], 2: [22050, 24000, 16000], 0: [11025, 12000, 8000] };

function mp3FrameLength(bytes: Uint8Array, at: number): number {
  const version = (bytes[at + 1]! >> 3) & 0x3;
  const bitrate = (version === 3 ? MP3_BITRATES.v1 : MP3_BITRATES.v2)[bytes[at + 2]! >> 4]! * 1000;
  const rate = MP3_RATES[version as 0 | 2 | 3][(bytes[at + 2]! >> 2) & 0x3]!;
  const padding = (bytes[at + 2]! >> 1) & 0x1;
  return Math.floor(((version === 3 ? 144 : 72) * bitrate) / rate) + padding;
}

function oggFormat(bytes: Uint8Array): AudioFormat {
  // The first page carries the codec's identification header.
  return ascii(bytes, 28, 8) === 'OpusHead' ? 'opus' : 'ogg';
}

/**
 * The real format of an audio file from its first bytes, or null for anything else. An ID3 tag
 * (cover art included) may be larger than the bytes read: then `afterTag` holds the bytes that
 * follow it (`id3Length` says where).
 */
export function sniffAudioFormat(head: Uint8Array, afterTag?: Uint8Array): AudioFormat | null {
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 4) === 'WAVE') return 'wav';
  if (ascii(head, 0, 4) === 'OggS') return oggFormat(head);
  if (ascii(head, 4, 4) === 'ftyp') return 'm4a';
  const tag = id3Length(head);
  const bytes = afterTag ?? head;
  const start = afterTag ? 0 : tag;
  if (ascii(bytes, start, 4) === 'fLaC') return 'flac';
  // Encoders may pad after the tag; look a little way in for the first frame.
  for (let at = start; at < Math.min(bytes.length, start + 4096); at += 1) {
    const format = mpegFormatAt(bytes, at);
    if (format) return format;
  }
  return null;
}
