import { runFfmpeg, type FfmpegBounds } from './ffmpeg';
import { decoderInput } from './probe';
import { PeakCollector, WAVEFORM_RATE } from './waveform';

export type AudioAnalysis = {
  /** Integrated loudness (EBU R128), or null for silence. */
  loudnessLufs: number | null;
  /** Duration as decoded, which holds even when the tags say nothing or lie. */
  decodedSeconds: number;
  peaks: Uint8Array;
};

/** "I: -14.2 LUFS" in the ebur128 filter's closing summary. */
function integratedLoudness(stderr: string): number | null {
  const summary = stderr.slice(stderr.lastIndexOf('Summary:'));
  const match = /Integrated loudness:\s*I:\s*(-?\d+(?:\.\d+)?) LUFS/.exec(summary);
  if (!match) return null;
  const value = Number(match[1]);
  // The filter reports -70 LUFS (its gate) for a track that is silent throughout.
  return value <= -70 ? null : value;
}

/**
 * Decodes the file once: one branch measures integrated loudness (ebur128), the other is resampled
 * to 8 kHz mono and read as it streams for the waveform and the true duration.
 */
export async function analyseAudio(
  ffmpeg: string,
  filePath: string,
  bounds: FfmpegBounds,
): Promise<AudioAnalysis> {
  const collector = new PeakCollector();
  const graph =
    '[0:a:0]asplit=2[loud][wave];[loud]ebur128[measured];' +
    `[wave]aresample=${WAVEFORM_RATE},aformat=sample_fmts=s16:channel_layouts=mono[pcm]`;
  const args = [...(await decoderInput(filePath)), '-filter_complex', graph];
  const outputs = [
    '-map',
    '[measured]',
    '-f',
    'null',
    '-',
    '-map',
    '[pcm]',
    '-f',
    's16le',
    'pipe:1',
  ];
  const run = await runFfmpeg(
    ffmpeg,
    [...args, ...outputs],
    (chunk) => collector.push(chunk),
    bounds,
  );
  return {
    loudnessLufs: integratedLoudness(run.stderrTail),
    decodedSeconds: collector.seconds,
    peaks: collector.peaks(),
  };
}
