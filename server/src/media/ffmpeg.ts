import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

/**
 * The ffmpeg binary: FFMPEG_PATH when set, else the one the @ffmpeg-installer package ships for
 * this platform (no download at install time).
 */
export function resolveFfmpegPath(setting: string | null): string {
  if (setting) return setting;
  const require = createRequire(import.meta.url);
  return (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
}

export type FfmpegRun = {
  /** The last part of what ffmpeg wrote to stderr (its summaries come last). */
  stderrTail: string;
};

const STDERR_KEPT = 16 * 1024;

/** Runs ffmpeg, streaming its stdout to `onData`; fails with its last error line. */
export function runFfmpeg(
  binary: string,
  args: string[],
  onData: (chunk: Buffer) => void = () => {},
  signal?: AbortSignal,
): Promise<FfmpegRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, ['-hide_banner', '-nostdin', '-nostats', ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      signal,
    });
    let stderrTail = '';
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk: Buffer) => {
      stderrTail = (stderrTail + chunk.toString('utf8')).slice(-STDERR_KEPT);
    });
    child.once('error', reject);
    child.once('close', (code) => {
      if (code === 0) return resolve({ stderrTail });
      const lastLine = stderrTail.trim().split('\n').pop() ?? '';
      reject(new Error(`ffmpeg exited with ${code}: ${lastLine}`));
    });
  });
}
