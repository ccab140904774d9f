import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';

/** A small stand-in for web/dist, so the server's way of serving a build is tested on its own. */
function fakeWebBuild(): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'music-rooms-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.mkdirSync(path.join(dist, 'builds/meta'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>shell</title>');
  fs.writeFileSync(path.join(dist, 'assets/app-abc123.js'), 'console.log("app")'.repeat(200));
  fs.writeFileSync(path.join(dist, 'theme-init.js'), '/* theme */');
  fs.writeFileSync(path.join(dist, 'builds/latest.json'), '{"id":"b2","timestamp":2000}');
  fs.writeFileSync(path.join(dist, 'builds/meta/b1.json'), '{"id":"b1","timestamp":1000}');
  fs.writeFileSync(path.join(dist, 'builds/meta/b2.json'), '{"id":"b2","timestamp":2000}');
  return dist;
}

describe('serving the web app', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fakeWebBuild();
    t = await startTestApp({}, { config: { webDist: dist } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string) => fetch(`${t.url}${url}`, { headers: { accept: 'text/html' } });

  it.each([
    '/',
    '/room/abc',
    '/auth',
    '/reset-password',
    '/protected',
    '/settings',
    '/ru',
    '/en/room/x',
  ])('serves the app shell for the page %s', async (url) => {
    const res = await get(url);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<title>shell</title>');
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });

  it.each(['/no-such-page', '/room/a/b', '/dev', '/dev/notices', '/ru/dev'])(
    'serves the shell with status 404 for %s, so the app can say "Page not found"',
    async (url) => {
      const res = await get(url);
      expect(res.status).toBe(404);
      expect(await res.text()).toContain('<title>shell</title>');
    },
  );

  it('caches hashed assets for a year and compresses them', async () => {
    const res = await fetch(`${t.url}/assets/app-abc123.js`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-encoding')).toBe('gzip');
  });

  it('answers a missing asset with 404, not the shell', async () => {
    const res = await get('/assets/missing.js');
    expect(res.status).toBe(404);
  });

  it('tells clients which build is the latest, never from a cache', async () => {
    const res = await fetch(`${t.url}/builds/latest.json?t=${Date.now()}`);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ id: 'b2', timestamp: 2000 });
  });

  it('describes an earlier build and 404s an unknown one', async () => {
    expect(await (await fetch(`${t.url}/builds/meta/b1.json`)).json()).toEqual({
      id: 'b1',
      timestamp: 1000,
    });
    expect((await fetch(`${t.url}/builds/meta/zzz.json`)).status).toBe(404);
    expect((await fetch(`${t.url}/builds/meta/..%2Fsecret.json`)).status).toBe(404);
  });

  it('publishes the build id in the runtime config', async () => {
    const res = await fetch(`${t.url}/api/config`);
    expect(await res.json()).toMatchObject({ buildId: 'b2' });
  });
});
