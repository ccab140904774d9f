import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { findExecutable } from './executables';

const run = promisify(execFile);

/** Which ffmpeg decodes uploads, and why that one. */
export type FfmpegChoice = {
  path: string;
  /** FFMPEG_PATH, the first `ffmpeg` on PATH, or the build the npm package ships. */
  origin: 'setting' | 'path' | 'bundled';
};

/**
 * The build @ffmpeg-installer ships for this platform (no download at install time). It dates
 * from 2018 and gets no security fixes: a fallback for machines without a maintained ffmpeg.
 */
export function bundledFfmpegPath(): string {
  const require = createRequire(import.meta.url);
  return (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
}

/**
 * The ffmpeg that reads untrusted uploads: FFMPEG_PATH when set, else a maintained one on PATH
 * (a distribution's, which gets its security fixes), else the bundled build.
 */
export function chooseFfmpeg(setting: string | null, searchPath: string): FfmpegChoice {
  if (setting) return { path: setting, origin: 'setting' };
  const onPath = findExecutable('ffmpeg', searchPath);
  if (onPath) return { path: onPath, origin: 'path' };
  return { path: bundledFfmpegPath(), origin: 'bundled' };
}

/** The ffmpeg binary the app runs (see `chooseFfmpeg`). */
export function resolveFfmpegPath(setting: string | null, searchPath = ''): string {
  return chooseFfmpeg(setting, searchPath).path;
}

/** The first line of `ffmpeg -version` ("ffmpeg version 5.1.6-0+deb12u1 …"), or why not. */
export async function ffmpegVersion(binary: string): Promise<string> {
  try {
    const { stdout } = await run(binary, ['-hide_banner', '-version'], { timeout: 10_000 });
    return stdout.split('\n')[0]!.trim();
  } catch (error) {
    return `unknown (${error instanceof Error ? error.message : String(error)})`;
  }
}
