import type { OAuthProvider } from './limits';

/** The public runtime configuration served by GET /api/config. */
export type PublicConfig = {
  maxAudioFileSize: number;
  devMode: boolean;
  oauthProviders: OAuthProvider[];
  buildId: string;
};

/** GET /api/health. */
export type HealthStatus = {
  status: 'ok';
  db: 'pglite' | 'postgres';
  realtime: 'memory' | 'redis';
  storage: 'local' | 's3';
  version: string;
};

/** GET /builds/latest.json and /builds/meta/{buildId}.json. */
export type BuildInfo = {
  id: string;
  timestamp: number;
};
