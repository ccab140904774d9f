import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineFunction } from '../../src/functions';
import { startTestApp, type TestApp } from '../helpers/app';

const csp = async (t: TestApp) =>
  (await fetch(`${t.url}/api/health`)).headers.get('content-security-policy') ?? '';

describe('content security policy', () => {
  let lan: TestApp;
  let https: TestApp;
  beforeAll(async () => {
    [lan, https] = await Promise.all([
      startTestApp({ HOST: '0.0.0.0', PUBLIC_URL: 'http://192.168.1.20:3000' }),
      startTestApp({ PUBLIC_URL: 'https://music.example' }),
    ]);
  });
  afterAll(() => Promise.all([lan.close(), https.close()]));

  it('does not upgrade requests to https on a plain-http address, so the page loads', async () => {
    const policy = await csp(lan);
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toContain('upgrade-insecure-requests');
  });

  it('upgrades insecure requests when the site is served over https', async () => {
    expect(await csp(https)).toContain('upgrade-insecure-requests');
  });

  it('gives plugins two minutes to start, as PGlite can be slow under load', () => {
    expect(lan.app.initialConfig.pluginTimeout).toBeGreaterThanOrEqual(120_000);
  });
});

describe('compressed answers', () => {
  let t: TestApp;
  beforeAll(async () => {
    const list = defineFunction('query', {
      path: 'probe.list',
      args: z.object({}),
      handler: () => Array.from({ length: 300 }, (_, i) => ({ id: i, name: `Room number ${i}` })),
    });
    t = await startTestApp({}, { functions: [list] });
  });
  afterAll(() => t.close());

  it('gzips a large JSON answer for a client that accepts gzip', async () => {
    const res = await fetch(`${t.url}/api/query`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip' },
      body: JSON.stringify({ path: 'probe.list', args: {}, format: 'json' }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    const body = (await res.json()) as { value: unknown[] };
    expect(body.value).toHaveLength(300);
  });

  it('sends a small answer as it is', async () => {
    const res = await fetch(`${t.url}/api/health`, { headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBeNull();
  });
});
