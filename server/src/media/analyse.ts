import { runFfmpeg, type FfmpegBounds } from './ffmpeg';
import { decoderInput } from './probe';
import { PeakCollector, WAVEFORM_RATE } from './waveform';

export type AudioAnalysis = {
  /** Integrated loudness (EBU R128), or null for silence. */
  loudnessLufs: number | null;
  /** The highest true peak (dBTP), or null for silence. */
  truePeakDb: number | null;
  /** Duration as decoded, which holds even when the tags say nothing or lie. */
  decodedSeconds: number;
  peaks: Uint8Array;
};

/** The ebur128 filter measuring integrated loudness and true peak (4× oversampled). */
export const LOUDNESS_FILTER = 'ebur128=peak=true';

/**
 * The figures of the ebur128 filter's closing summary: "I: -14.2 LUFS" and, under "True peak",
 * "Peak: -0.5 dBFS" (which is dBTP, the filter's unit name aside).
 */
export function loudnessSummary(
  stderr: string,
): Pick<AudioAnalysis, 'loudnessLufs' | 'truePeakDb'> {
  const summary = stderr.slice(stderr.lastIndexOf('Summary:'));
  const integrated = /Integrated loudness:\s*I:\s*(-?\d+(?:\.\d+)?) LUFS/.exec(summary);
  const peak = /True peak:\s*Peak:\s*(-?\d+(?:\.\d+)?) dBFS/.exec(summary);
  const lufs = integrated ? Number(integrated[1]) : null;
  return {
    // The filter reports -70 LUFS (its gate) for a track that is silent throughout.
    loudnessLufs: lufs === null || lufs <= -70 ? null : lufs,
    // …and a peak of -inf, which the pattern leaves out.
    truePeakDb: peak ? Number(peak[1]) : null,
  };
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
    `[0:a:0]asplit=2[loud][wave];[loud]${LOUDNESS_FILTER}[measured];` +
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
    ...loudnessSummary(run.stderrTail),
    decodedSeconds: collector.seconds,
    peaks: collector.peaks(),
  };
}

/** Measures only the loudness and true peak of a file (measuring a stored track again). */
export async function measureLoudness(
  ffmpeg: string,
  filePath: string,
  bounds: FfmpegBounds,
): Promise<Pick<AudioAnalysis, 'loudnessLufs' | 'truePeakDb'>> {
  const args = [...(await decoderInput(filePath)), '-map', '0:a:0', '-af', LOUDNESS_FILTER];
  const run = await runFfmpeg(ffmpeg, [...args, '-f', 'null', '-'], () => {}, bounds);
  return loudnessSummary(run.stderrTail);
}
