/** What a file's header says of its audio stream, before any of it is decoded. */
export type StreamHeader = {
  sampleRate: number | null;
  channels: number | null;
  durationSeconds: number | null;
};

/** The sample rates and channel counts of real music; anything else is a crafted header. */
export const STREAM_BOUNDS = { minSampleRate: 8000, maxSampleRate: 384_000, maxChannels: 8 };

/**
 * The lowest bitrate a file of a format the product takes holds music at (Opus goes down to
 * 6 kbit/s): no upload can hold more audio than its size at this rate.
 */
const LOWEST_BITS_PER_SECOND = 6000;

/** The longest audio a file of `bytes` bytes could hold. */
export function longestAudioSeconds(bytes: number): number {
  return (bytes * 8) / LOWEST_BITS_PER_SECOND;
}

/**
 * Why a header cannot be decoded safely, or null when it can: a decoder told of a sample rate
 * of 1 Hz or of hundreds of channels allocates for it, and one told of a duration no upload can
 * hold is given a time limit to match.
 */
export function streamHeaderFault(header: StreamHeader, maxFileBytes: number): string | null {
  const { sampleRate, channels, durationSeconds } = header;
  if (!sampleRate || !channels) return 'the stream header could not be read';
  if (sampleRate < STREAM_BOUNDS.minSampleRate || sampleRate > STREAM_BOUNDS.maxSampleRate) {
    return `a sample rate of ${sampleRate} Hz`;
  }
  if (channels < 1 || channels > STREAM_BOUNDS.maxChannels) return `${channels} channels`;
  if (durationSeconds !== null && durationSeconds > longestAudioSeconds(maxFileBytes)) {
    return `a duration of ${Math.round(durationSeconds)} s`;
  }
  return null;
}
