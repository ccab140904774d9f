import { spawn } from 'node:child_process';
import { findExecutable } from './executables';

export type FfmpegRun = {
  /** The last part of what ffmpeg wrote to stderr (its summaries come last). */
  stderrTail: string;
};

/** What bounds one run: it is killed when the signal aborts or the time limit passes. */
export type FfmpegBounds = {
  signal?: AbortSignal | undefined;
  timeLimitMs: number;
};

/**
 * The address space an ffmpeg run may take. A decoder fed a crafted header can ask for
 * gigabytes; this makes such an allocation fail instead. A distribution's ffmpeg maps about
 * 270 MB of shared libraries before it decodes anything, which this leaves room for.
 */
export const FFMPEG_MEMORY_LIMIT_BYTES = 512 * 1024 * 1024;

/** The shortest time limit, for the start-up and the header reading of any file. */
const TIME_LIMIT_FLOOR_MS = 30_000;

/** A run may take a fifth of the audio's duration: decoding runs far faster than real time. */
const TIME_LIMIT_PER_AUDIO_SECOND_MS = 200;

/** How long a run over `audioSeconds` of audio may take before it is killed. */
export function ffmpegTimeLimitMs(audioSeconds: number): number {
  return TIME_LIMIT_FLOOR_MS + Math.ceil(audioSeconds * TIME_LIMIT_PER_AUDIO_SECOND_MS);
}

/**
 * Options every run takes: no console input, files and pipes as the only protocols (a playlist
 * or a crafted container cannot make ffmpeg fetch a URL), one filter thread (an audio graph
 * gains nothing from more, and each thread's stack counts against the memory limit).
 */
const COMMON_ARGS = [
  ...['-hide_banner', '-nostdin', '-nostats'],
  ...['-filter_threads', '1', '-filter_complex_threads', '1'],
  ...['-protocol_whitelist', 'file,pipe'],
];

const STDERR_KEPT = 16 * 1024;

let prlimit: string | null | undefined;

/** util-linux's prlimit, which sets the memory limit of the command it runs; null without it. */
export function memoryLimiter(): string | null {
  if (prlimit === undefined) prlimit = findExecutable('prlimit', process.env.PATH ?? '');
  return prlimit;
}

/** The command line of a run: ffmpeg under the memory limit when prlimit is there. */
function commandOf(binary: string, args: string[]): [string, string[]] {
  const ffmpegArgs = [...COMMON_ARGS, ...args];
  const limiter = memoryLimiter();
  if (!limiter) return [binary, ffmpegArgs];
  return [limiter, [`--as=${FFMPEG_MEMORY_LIMIT_BYTES}`, '--', binary, ...ffmpegArgs]];
}

/** Runs ffmpeg, streaming its stdout to `onData`; fails with its last error line. */
export function runFfmpeg(
  binary: string,
  args: string[],
  onData: (chunk: Buffer) => void,
  bounds: FfmpegBounds,
): Promise<FfmpegRun> {
  return new Promise((resolve, reject) => {
    const [command, commandArgs] = commandOf(binary, args);
    // prlimit execs ffmpeg in its own process: killing this child kills ffmpeg.
    const child = spawn(command, commandArgs, {
      stdio: ['ignore', 'pipe', 'pipe'],
      killSignal: 'SIGKILL',
      ...(bounds.signal ? { signal: bounds.signal } : {}),
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, bounds.timeLimitMs);
    let stderrTail = '';
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk: Buffer) => {
      stderrTail = (stderrTail + chunk.toString('utf8')).slice(-STDERR_KEPT);
    });
    // Settled on 'close' alone (it follows an 'error' too): once a killed run has ended.
    let failure: Error | null = null;
    child.once('error', (error) => (failure = error));
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      if (failure) return reject(failure);
      if (code === 0) return resolve({ stderrTail });
      if (timedOut) return reject(new Error(`ffmpeg ran past ${bounds.timeLimitMs} ms`));
      const lastLine = stderrTail.trim().split('\n').pop() ?? '';
      reject(new Error(`ffmpeg exited with ${code ?? signal}: ${lastLine}`));
    });
  });
}
