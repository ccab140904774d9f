import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import type { BuildInfo } from '@music-rooms/domain/config';

/** The same shape the server accepts in /builds/meta/{id}.json. */
const BUILD_ID = /^[A-Za-z0-9_-]{1,64}$/;
/** How many earlier builds keep their meta file, so tabs still open on them can be described. */
const KEEP_EARLIER_BUILDS = 20;

/** The build id from the environment ('dev' when unset); a malformed one stops the build. */
export function readBuildId(value: string | undefined): string {
  const id = value?.trim() || 'dev';
  if (!BUILD_ID.test(id)) {
    throw new Error(`BUILD_ID must be 1 to 64 letters, digits, '-' or '_' (got "${id}")`);
  }
  return id;
}

/** The build written out; the bundle carries the same id and timestamp (vite.config.ts). */
type BuildInfoPluginOptions = BuildInfo & { outDir: string };

/**
 * Writes builds/latest.json and builds/meta/{id}.json next to the bundle, so that clients can
 * learn that a newer build is out. Meta files of earlier builds survive the emptied output folder.
 */
export function buildInfoPlugin(options: BuildInfoPluginOptions): Plugin {
  let earlier: BuildInfo[] = [];
  return {
    name: 'music-rooms:build-info',
    apply: 'build',
    buildStart() {
      earlier = readEarlierBuilds(path.join(options.outDir, 'builds/meta'), options.id);
    },
    generateBundle() {
      const current: BuildInfo = { id: options.id, timestamp: options.timestamp };
      const emit = (fileName: string, info: BuildInfo) =>
        this.emitFile({ type: 'asset', fileName, source: `${JSON.stringify(info)}\n` });
      emit('builds/latest.json', current);
      for (const info of [current, ...earlier]) emit(`builds/meta/${info.id}.json`, info);
    },
  };
}

function readEarlierBuilds(folder: string, currentId: string): BuildInfo[] {
  if (!fs.existsSync(folder)) return [];
  const builds: BuildInfo[] = [];
  for (const file of fs.readdirSync(folder)) {
    const info = parseBuildInfo(path.join(folder, file));
    if (info && info.id !== currentId && `${info.id}.json` === file) builds.push(info);
  }
  return builds.sort((a, b) => b.timestamp - a.timestamp).slice(0, KEEP_EARLIER_BUILDS);
}

function parseBuildInfo(file: string): BuildInfo | null {
  try {
    const value = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<BuildInfo>;
    if (typeof value.id !== 'string' || !BUILD_ID.test(value.id)) return null;
    if (typeof value.timestamp !== 'number') return null;
    return { id: value.id, timestamp: value.timestamp };
  } catch {
    return null;
  }
}
