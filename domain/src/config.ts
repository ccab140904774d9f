import type { OAuthProvider } from './limits';

/**
 * Parts of the product that are still being built. /api/config and /api/health name them, so
 * that no answer claims a part that does not work yet; each leaves this list when it lands.
 */
export type ComingPart = string;
/** Every part of the specification is built: none is still coming. */
export const COMING_PARTS: readonly ComingPart[] = [];

/** The public runtime configuration served by GET /api/config. */
export type PublicConfig = {
  devMode: boolean;
  oauthProviders: OAuthProvider[];
  buildId: string;
  /** The largest audio upload, in bytes (MAX_AUDIO_FILE_SIZE). */
  maxAudioFileSize: number;
  /** Parts not built yet (their settings are accepted but do nothing). */
  coming: ComingPart[];
};

/** GET /api/health. */
export type HealthStatus = {
  status: 'ok';
  db: 'pglite' | 'postgres';
  realtime: 'memory' | 'redis';
  /** Where audio and covers live (STORAGE). */
  storage: 'local' | 's3';
  version: string;
  /** Parts not built yet. */
  coming: ComingPart[];
  /** What only a super administrator is told: the programs this node runs. */
  detail?: HealthDetail;
};

/** The decoder of uploads on this node (FFMPEG_PATH, PATH or the bundled build). */
export type HealthDetail = {
  ffmpeg: {
    path: string;
    origin: 'setting' | 'path' | 'bundled';
    /** The first line of `ffmpeg -version`. */
    version: string;
    /** The limit on each run's address space, in bytes; null without util-linux's prlimit. */
    memoryLimitBytes: number | null;
  };
};

/** GET /builds/latest.json and /builds/meta/{buildId}.json. */
export type BuildInfo = {
  id: string;
  timestamp: number;
};
