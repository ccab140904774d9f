import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_PRELOADS_FILE } from '@music-rooms/domain/page-preloads';
import { startTestApp, type TestApp } from '../helpers/app';
import { FAKE_PAGE_PRELOADS } from '../helpers/page-preloads';

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
    ['/', 'no-cache'],
    // A room page carries its viewer's first reads (page-first-reads.test.ts): theirs alone.
    ['/room/abc', 'private, no-cache'],
    ['/auth', 'no-cache'],
    ['/reset-password', 'no-cache'],
    ['/protected', 'no-cache'],
    ['/settings', 'no-cache'],
    ['/ru', 'no-cache'],
    ['/en/room/x', 'private, no-cache'],
  ])('serves the app shell for the page %s', async (url, cacheControl) => {
    const res = await get(url);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<title>shell</title>');
    expect(res.headers.get('cache-control')).toBe(cacheControl);
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

/** A build whose shell has a head, with page preloads and a script stored compressed. */
function fakeBuildWithPreloads(): string {
  const dist = fakeWebBuild();
  const shell = '<!doctype html>\n<html>\n  <head>\n    <title>shell</title>\n  </head>\n</html>\n';
  fs.writeFileSync(path.join(dist, 'index.html'), shell);
  fs.writeFileSync(path.join(dist, PAGE_PRELOADS_FILE), JSON.stringify(FAKE_PAGE_PRELOADS));
  // What the build stores beside a script: not what the server would make of it itself.
  fs.writeFileSync(path.join(dist, 'assets/app-abc123.js.br'), zlib.brotliCompressSync('stored'));
  return dist;
}

describe('the shell a page is sent with', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fakeBuildWithPreloads();
    t = await startTestApp({}, { config: { webDist: dist } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const preloadsOf = async (url: string, headers: Record<string, string> = {}) => {
    const html = await fetch(`${t.url}${url}`, {
      headers: { accept: 'text/html', ...headers },
    }).then((answer) => answer.text());
    return [...html.matchAll(/<link [^>]*href="([^"]+)"/g)].map((match) => match[1]);
  };

  it('names what a room page fetches first, with the messages of the browser’s language', async () => {
    expect(await preloadsOf('/room/abc', { 'accept-language': 'ru-RU,ru;q=0.9,en;q=0.8' })).toEqual(
      [
        '/assets/ru-1.js',
        '/assets/ru-2.js',
        '/assets/RoomPage-1.js',
        '/assets/x-2.js',
        '/assets/RoomPage-1.css',
      ],
    );
  });

  it('takes the language from the address first, then from the saved choice', async () => {
    const russian = { 'accept-language': 'ru' };
    expect(await preloadsOf('/en/room/abc', russian)).toContain('/assets/en-2.js');
    expect(await preloadsOf('/room/abc', { ...russian, cookie: 'locale=en' })).toContain(
      '/assets/en-1.js',
    );
    expect(await preloadsOf('/', russian)).toEqual(['/assets/ru-1.js', '/assets/HomePage-1.js']);
  });

  it('names nothing on a page the app does not have', async () => {
    expect(await preloadsOf('/no-such-page')).toEqual([]);
  });

  it('sends a script the build stored compressed as it was stored', async () => {
    const answer = await fetch(`${t.url}/assets/app-abc123.js`, {
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(answer.headers.get('content-encoding')).toBe('br');
    expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await answer.text()).toBe('stored');
  });
});
