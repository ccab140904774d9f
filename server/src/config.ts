import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { LIMITS, ROOM_LIMITS } from '@music-rooms/domain';

/** Every setting of the server, read once from the environment (README "Settings"). */
export type Config = {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  /** null → embedded PGlite under dataDir/db; ':memory:' keeps PGlite in memory (tests). */
  databaseUrl: string | null;
  embeddedDb: 'disk' | 'memory';
  redisUrl: string | null;
  /** Prefix of every Redis key and channel, so several deployments may share one Redis. */
  redisPrefix: string;
  storage: 'local' | 's3';
  s3: {
    endpoint: string | null;
    bucket: string | null;
    region: string;
    accessKeyId: string | null;
    secretAccessKey: string | null;
    /** Where browsers reach the S3 endpoint, when not at `endpoint` (a CDN or proxy in front). */
    publicUrl: string | null;
  };
  smtpUrl: string | null;
  mailFrom: string;
  oauth: Record<
    'google' | 'github' | 'spotify',
    { clientId: string | null; clientSecret: string | null }
  >;
  /** Where each provider lives; tests point these at local servers that speak the same protocol. */
  oauthEndpoints: {
    /** OpenID Connect issuer; its /.well-known/openid-configuration names the other endpoints. */
    googleIssuer: string;
    githubOAuth: string;
    githubApi: string;
    spotifyAccounts: string;
    spotifyApi: string;
  };
  yandexMusicApiUrl: string;
  /** Downloads may come from loopback addresses (a local double); never in production. */
  yandexMusicAllowLoopbackDownloads: boolean;
  /** Timings and sizes of the streaming-service import; no environment variable sets them. */
  yandexMusic: YandexMusicTimings;
  maxAudioFileSize: number;
  uploadLimits: UploadLimits;
  /** The ffmpeg binary for audio analysis; null looks on `searchPath`, then takes the bundled one. */
  ffmpegPath: string | null;
  /** PATH: the folders a maintained ffmpeg is looked for in. */
  searchPath: string;
  superAdminEmails: string[];
  publicDevMode: boolean;
  adminKey: string | null;
  logLevel: string;
  /** Where the app's own files live: the built web app and the database migrations. */
  appRoot: string;
  webDist: string;
  trustProxy: boolean;
  /** Timings of rooms; no environment variable sets them (tests shorten them). */
  rooms: RoomTimings;
  jobs: JobSettings;
};

export type JobSettings = {
  /** How long a stopping node lets its running jobs finish before handing them back. */
  shutdownGraceMs: number;
  /** How long done jobs are kept before they are deleted (failed ones are kept). */
  retentionMs: number;
};

export type RoomTimings = {
  /** How long a password gate's pass lasts. */
  accessTokenTtlMs: number;
  /** How often expired passes are swept (once across all nodes). */
  tokenCleanupIntervalMs: number;
  /** How long a user stays present after their last socket left a room. */
  presenceRetentionMs: number;
  /** How often a node renews its presence entries; an entry unrenewed for entryTtl lapses. */
  presenceHeartbeatMs: number;
  presenceEntryTtlMs: number;
  /** How long a room page waits for its first reads before it goes out without them. */
  firstReadsWaitMs: number;
};

export const DEFAULT_ROOM_TIMINGS: RoomTimings = {
  accessTokenTtlMs: ROOM_LIMITS.accessTokenTtlMs,
  tokenCleanupIntervalMs: LIMITS.expiredTokenCleanupMs,
  presenceRetentionMs: LIMITS.presenceRetentionMs,
  presenceHeartbeatMs: 10_000,
  presenceEntryTtlMs: 30_000,
  firstReadsWaitMs: 1000,
};

/** How much one person may upload at once and how fast, and how much a room may hold. */
export type UploadLimits = {
  /** Uploads of one person not yet finished (all bytes arrived) at one time. */
  inProgressCount: number;
  /** The declared lengths of those uploads added up, in bytes. */
  inProgressBytes: number;
  /** Uploads one person may start within `creationWindowMs`. */
  creationsPerWindow: number;
  creationWindowMs: number;
  /** A room's stored track bytes plus its uploads in progress; 0 is no limit. */
  roomQuotaBytes: number;
};

const GIB = 1024 * 1024 * 1024;

export type YandexMusicTimings = {
  /** A call to the service's API that takes longer is a network error. */
  requestTimeoutMs: number;
  /** A download that sends no byte for this long is cut. */
  downloadIdleTimeoutMs: number;
  /** Tracks a node downloads and processes at once. */
  concurrency: number;
  /** Tries of one track before it fails (network errors and the service's 5xx are retried). */
  maxAttempts: number;
  /** How long an import stays with its node unrenewed; then it needs the token again. */
  holderLeaseMs: number;
  /** How long a node keeps an import's token in memory while the import waits. */
  tokenTtlMs: number;
};

export const DEFAULT_YANDEX_MUSIC_TIMINGS: YandexMusicTimings = {
  requestTimeoutMs: 15_000,
  downloadIdleTimeoutMs: 30_000,
  concurrency: 3,
  maxAttempts: 3,
  holderLeaseMs: 30_000,
  tokenTtlMs: 6 * 60 * 60 * 1000,
};

/** This file sits two levels below the app root, as source (server/src) and as bundle (server/dist). */
const defaultAppRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const optional = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? null : value.trim()));

const url = (name: string) =>
  optional.refine((value) => value === null || URL.canParse(value), `${name} must be a URL`);

const int = (fallback: number, min: number, max: number) =>
  optional.transform((value, ctx) => {
    if (value === null) return fallback;
    const parsed = Number(value);
    if (!Number.isInteger(parsed) || parsed < min || parsed > max) {
      ctx.addIssue({ code: 'custom', message: `must be an integer from ${min} to ${max}` });
      return z.NEVER;
    }
    return parsed;
  });

/** A public flag (spec §6 "PUBLIC_DEV_MODE is 'true'"): exactly 'true' is on, anything else off. */
const publicFlag = optional.transform((value) => value?.toLowerCase() === 'true');

const bool = optional.transform((value, ctx) => {
  if (value === null) return false;
  if (['true', '1', 'yes'].includes(value.toLowerCase())) return true;
  if (['false', '0', 'no'].includes(value.toLowerCase())) return false;
  ctx.addIssue({ code: 'custom', message: "must be 'true' or 'false'" });
  return z.NEVER;
});

const envSchema = z.object({
  PORT: int(3000, 0, 65535),
  HOST: optional.transform((v) => v ?? '127.0.0.1'),
  PUBLIC_URL: url('PUBLIC_URL'),
  DATA_DIR: optional,
  DATABASE_URL: optional.refine(
    (v) => v === null || v === ':memory:' || /^postgres(ql)?:\/\//.test(v),
    'must be a postgres:// or postgresql:// URL',
  ),
  REDIS_URL: optional.refine(
    (v) => v === null || /^rediss?:\/\//.test(v),
    'must be a redis:// URL',
  ),
  REDIS_PREFIX: optional
    .transform((v) => v ?? 'music-rooms')
    .refine((v) => /^[A-Za-z0-9:_.-]{1,64}$/.test(v), 'must be 1 to 64 letters, digits or :_.-'),
  STORAGE: optional.transform((v) => v ?? 'local').pipe(z.enum(['local', 's3'])),
  S3_ENDPOINT: url('S3_ENDPOINT'),
  S3_BUCKET: optional,
  S3_REGION: optional.transform((v) => v ?? 'auto'),
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  S3_PUBLIC_URL: url('S3_PUBLIC_URL').refine(
    (v) => v === null || /^https?:\/\//.test(v),
    'must be an http:// or https:// URL',
  ),
  SMTP_URL: optional.refine((v) => v === null || /^smtps?:\/\//.test(v), 'must be an smtp:// URL'),
  MAIL_FROM: optional.transform((v) => v ?? 'Music Rooms <no-reply@localhost>'),
  GOOGLE_CLIENT_ID: optional,
  GOOGLE_CLIENT_SECRET: optional,
  GITHUB_CLIENT_ID: optional,
  GITHUB_CLIENT_SECRET: optional,
  SPOTIFY_CLIENT_ID: optional,
  SPOTIFY_CLIENT_SECRET: optional,
  GOOGLE_ISSUER_URL: url('GOOGLE_ISSUER_URL'),
  GITHUB_OAUTH_URL: url('GITHUB_OAUTH_URL'),
  GITHUB_API_URL: url('GITHUB_API_URL'),
  SPOTIFY_ACCOUNTS_URL: url('SPOTIFY_ACCOUNTS_URL'),
  SPOTIFY_API_URL: url('SPOTIFY_API_URL'),
  YANDEX_MUSIC_API_URL: url('YANDEX_MUSIC_API_URL'),
  YANDEX_MUSIC_ALLOW_LOOPBACK_DOWNLOADS: bool,
  MAX_AUDIO_FILE_SIZE: int(LIMITS.defaultMaxAudioFileSize, 1, Number.MAX_SAFE_INTEGER),
  UPLOADS_IN_PROGRESS_MAX: int(10, 1, 10_000),
  UPLOAD_BYTES_IN_PROGRESS_MAX: int(2 * GIB, 1, Number.MAX_SAFE_INTEGER),
  UPLOAD_CREATIONS_MAX: int(60, 1, 1_000_000),
  UPLOAD_CREATIONS_WINDOW_SECONDS: int(600, 1, 86_400),
  ROOM_STORAGE_QUOTA: int(10 * GIB, 0, Number.MAX_SAFE_INTEGER),
  FFMPEG_PATH: optional,
  PATH: optional,
  SUPER_ADMIN_EMAILS: optional,
  PUBLIC_DEV_MODE: publicFlag,
  ADMIN_KEY: optional,
  LOG_LEVEL: optional
    .transform((v) => v ?? 'info')
    .pipe(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])),
  TRUST_PROXY: bool,
  JOBS_SHUTDOWN_GRACE_SECONDS: int(10, 0, 3600),
  JOBS_RETENTION_DAYS: int(7, 1, 3650),
});

// S3_ENDPOINT may stay unset (AWS itself); without a bucket, S3 storage cannot work at all.
const settingsSchema = envSchema.superRefine((e, ctx) => {
  if (e.STORAGE === 's3' && e.S3_BUCKET === null) {
    ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'is required when STORAGE=s3' });
  }
});

export class ConfigError extends Error {}

const trimSlash = (value: string) => value.replace(/\/+$/, '');

/** Parses the environment; a bad value throws a ConfigError that names the variable. */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  { cwd = process.cwd(), appRoot = defaultAppRoot } = {},
): Config {
  const parsed = settingsSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
    throw new ConfigError(`Invalid settings: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(cwd, e.DATA_DIR ?? 'data');
  const memory = e.DATABASE_URL === ':memory:';
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    dataDir,
    databaseUrl: memory ? null : e.DATABASE_URL,
    embeddedDb: memory ? 'memory' : 'disk',
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    storage: e.STORAGE,
    s3: {
      endpoint: e.S3_ENDPOINT,
      bucket: e.S3_BUCKET,
      region: e.S3_REGION,
      accessKeyId: e.S3_ACCESS_KEY_ID,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY,
      publicUrl: e.S3_PUBLIC_URL === null ? null : trimSlash(e.S3_PUBLIC_URL),
    },
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    oauth: {
      google: { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET },
      github: { clientId: e.GITHUB_CLIENT_ID, clientSecret: e.GITHUB_CLIENT_SECRET },
      spotify: { clientId: e.SPOTIFY_CLIENT_ID, clientSecret: e.SPOTIFY_CLIENT_SECRET },
    },
    oauthEndpoints: {
      // The issuer is compared character for character with the one the provider announces.
      googleIssuer: e.GOOGLE_ISSUER_URL ?? 'https://accounts.google.com',
      githubOAuth: trimSlash(e.GITHUB_OAUTH_URL ?? 'https://github.com'),
      githubApi: trimSlash(e.GITHUB_API_URL ?? 'https://api.github.com'),
      spotifyAccounts: trimSlash(e.SPOTIFY_ACCOUNTS_URL ?? 'https://accounts.spotify.com'),
      spotifyApi: trimSlash(e.SPOTIFY_API_URL ?? 'https://api.spotify.com'),
    },
    yandexMusicApiUrl: trimSlash(e.YANDEX_MUSIC_API_URL ?? 'https://api.music.yandex.net'),
    yandexMusicAllowLoopbackDownloads: e.YANDEX_MUSIC_ALLOW_LOOPBACK_DOWNLOADS,
    yandexMusic: DEFAULT_YANDEX_MUSIC_TIMINGS,
    maxAudioFileSize: e.MAX_AUDIO_FILE_SIZE,
    uploadLimits: {
      inProgressCount: e.UPLOADS_IN_PROGRESS_MAX,
      inProgressBytes: e.UPLOAD_BYTES_IN_PROGRESS_MAX,
      creationsPerWindow: e.UPLOAD_CREATIONS_MAX,
      creationWindowMs: e.UPLOAD_CREATIONS_WINDOW_SECONDS * 1000,
      roomQuotaBytes: e.ROOM_STORAGE_QUOTA,
    },
    ffmpegPath: e.FFMPEG_PATH === null ? null : path.resolve(cwd, e.FFMPEG_PATH),
    searchPath: e.PATH ?? '',
    superAdminEmails: (e.SUPER_ADMIN_EMAILS ?? '')
      .split(',')
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
    publicDevMode: e.PUBLIC_DEV_MODE,
    adminKey: e.ADMIN_KEY,
    logLevel: e.LOG_LEVEL,
    appRoot,
    webDist: path.resolve(appRoot, 'web/dist'),
    trustProxy: e.TRUST_PROXY,
    rooms: DEFAULT_ROOM_TIMINGS,
    jobs: {
      shutdownGraceMs: e.JOBS_SHUTDOWN_GRACE_SECONDS * 1000,
      retentionMs: e.JOBS_RETENTION_DAYS * 86_400_000,
    },
  };
}
