import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config';

describe('loadConfig', () => {
  it('needs no setting at all', () => {
    const config = loadConfig({}, { cwd: '/srv/app', appRoot: '/opt/app' });
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      publicUrl: 'http://localhost:3000',
      dataDir: '/srv/app/data',
      databaseUrl: null,
      embeddedDb: 'disk',
      redisUrl: null,
      storage: 'local',
      maxAudioFileSize: 209_715_200,
      uploadLimits: {
        inProgressCount: 10,
        inProgressBytes: 2 * 1024 ** 3,
        creationsPerWindow: 60,
        creationWindowMs: 600_000,
        roomQuotaBytes: 10 * 1024 ** 3,
      },
      publicDevMode: false,
      webDist: '/opt/app/web/dist',
    });
  });

  it('reads every kind of value', () => {
    const config = loadConfig({
      PORT: '8080',
      PUBLIC_URL: 'https://music.example/',
      DATABASE_URL: 'postgres://u@db/x',
      REDIS_URL: 'redis://cache:6379',
      SUPER_ADMIN_EMAILS: ' A@x.io, b@y.io ,',
      PUBLIC_DEV_MODE: 'true',
      GOOGLE_CLIENT_ID: 'gid',
    });
    expect(config.port).toBe(8080);
    expect(config.publicUrl).toBe('https://music.example');
    expect(config.databaseUrl).toBe('postgres://u@db/x');
    expect(config.redisUrl).toBe('redis://cache:6379');
    expect(config.superAdminEmails).toEqual(['a@x.io', 'b@y.io']);
    expect(config.publicDevMode).toBe(true);
    expect(config.oauth.google.clientId).toBe('gid');
    expect(config.oauth.github.clientId).toBeNull();
  });

  it('reads the upload limits, a room quota of 0 being no limit', () => {
    const config = loadConfig({
      UPLOADS_IN_PROGRESS_MAX: '3',
      UPLOAD_BYTES_IN_PROGRESS_MAX: '1000',
      UPLOAD_CREATIONS_MAX: '5',
      UPLOAD_CREATIONS_WINDOW_SECONDS: '60',
      ROOM_STORAGE_QUOTA: '0',
    });
    expect(config.uploadLimits).toEqual({
      inProgressCount: 3,
      inProgressBytes: 1000,
      creationsPerWindow: 5,
      creationWindowMs: 60_000,
      roomQuotaBytes: 0,
    });
  });

  it('keeps the embedded database in memory for DATABASE_URL=:memory:', () => {
    expect(loadConfig({ DATABASE_URL: ':memory:' })).toMatchObject({
      databaseUrl: null,
      embeddedDb: 'memory',
    });
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['REDIS_URL', 'http://x'],
    ['PUBLIC_URL', 'not a url'],
    ['MAX_AUDIO_FILE_SIZE', '-5'],
    ['UPLOADS_IN_PROGRESS_MAX', '0'],
    ['UPLOAD_BYTES_IN_PROGRESS_MAX', '1.5'],
    ['UPLOAD_CREATIONS_MAX', 'many'],
    ['UPLOAD_CREATIONS_WINDOW_SECONDS', '0'],
    ['ROOM_STORAGE_QUOTA', '-1'],
    ['STORAGE', 'ftp'],
    ['S3_PUBLIC_URL', 'ftp://cdn.example'],
    ['S3_PUBLIC_URL', 'cdn.example'],
  ])('fails fast naming %s when it is %j', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });

  it('fails fast naming S3_BUCKET when STORAGE=s3 has no bucket', () => {
    expect(() => loadConfig({ STORAGE: 's3' })).toThrow(ConfigError);
    expect(() => loadConfig({ STORAGE: 's3', S3_ENDPOINT: 'https://r2.example' })).toThrow(
      'S3_BUCKET',
    );
  });

  it('takes S3 storage with a bucket and no endpoint (AWS itself)', () => {
    const config = loadConfig({ STORAGE: 's3', S3_BUCKET: 'tracks', S3_REGION: 'eu-west-1' });
    expect(config.storage).toBe('s3');
    expect(config.s3).toMatchObject({ bucket: 'tracks', endpoint: null, region: 'eu-west-1' });
  });

  it.each(['true', 'TRUE', ' True '])('turns dev mode on for PUBLIC_DEV_MODE=%j', (value) => {
    expect(loadConfig({ PUBLIC_DEV_MODE: value }).publicDevMode).toBe(true);
  });

  it.each(['false', '1', 'yes', 'on', 'maybe', ''])(
    'leaves dev mode off for PUBLIC_DEV_MODE=%j (only the value true turns it on)',
    (value) => {
      expect(loadConfig({ PUBLIC_DEV_MODE: value }).publicDevMode).toBe(false);
    },
  );
});
