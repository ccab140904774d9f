import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMING_PARTS, type HealthStatus, type PublicConfig } from '@music-rooms/domain';
import { startTestApp, type TestApp } from '../helpers/app';
import { s3StorageEnv, startS3Server, type S3Server } from '../helpers/s3-server';

describe('health and public config', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      PUBLIC_DEV_MODE: 'true',
      GITHUB_CLIENT_ID: 'gh',
    });
  });
  afterAll(() => t.close());

  it('reports the database, realtime and storage in use, and the parts still coming', async () => {
    const res = await fetch(`${t.url}/api/health`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as HealthStatus;
    expect(body).toMatchObject({
      status: 'ok',
      db: process.env.DATABASE_URL ? 'postgres' : 'pglite',
      realtime: process.env.REDIS_URL ? 'redis' : 'memory',
      storage: 'local',
      coming: [...COMING_PARTS],
    });
    expect(body.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('publishes the runtime config with only the OAuth providers that have a client id', async () => {
    const res = await fetch(`${t.url}/api/config`);
    const body = (await res.json()) as PublicConfig;
    expect(body).toMatchObject({
      devMode: true,
      oauthProviders: ['github'],
      maxAudioFileSize: 209_715_200,
      coming: [...COMING_PARTS],
    });
    expect(typeof body.buildId).toBe('string');
  });

  it('sends security headers with a content security policy', async () => {
    const res = await fetch(`${t.url}/api/health`);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await fetch(`${t.url}/api/nothing-here`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'not_found', message: 'Not Found' });
  });
});

describe('health on S3 storage', () => {
  let s3: S3Server;
  let t: TestApp;
  beforeAll(async () => {
    s3 = await startS3Server();
    t = await startTestApp(s3StorageEnv(s3));
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('names S3 as the storage in use', async () => {
    const body = (await (await fetch(`${t.url}/api/health`)).json()) as HealthStatus;
    expect(body.storage).toBe('s3');
  });
});
