import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HealthStatus, PublicConfig } from '@music-rooms/domain';
import { startTestApp, type TestApp } from '../helpers/app';

describe('health and public config', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      PUBLIC_DEV_MODE: 'true',
      GITHUB_CLIENT_ID: 'gh',
      MAX_AUDIO_FILE_SIZE: '1234',
    });
  });
  afterAll(() => t.close());

  it('reports the database, realtime and storage in use', async () => {
    const res = await fetch(`${t.url}/api/health`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as HealthStatus;
    expect(body).toMatchObject({
      status: 'ok',
      db: process.env.DATABASE_URL ? 'postgres' : 'pglite',
      realtime: process.env.REDIS_URL ? 'redis' : 'memory',
      storage: 'local',
    });
    expect(body.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('publishes the runtime config with only the OAuth providers that have a client id', async () => {
    const res = await fetch(`${t.url}/api/config`);
    const body = (await res.json()) as PublicConfig;
    expect(body).toMatchObject({
      maxAudioFileSize: 1234,
      devMode: true,
      oauthProviders: ['github'],
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
    expect(await res.json()).toMatchObject({ code: 'not_found', statusMessage: 'Not Found' });
  });
});
