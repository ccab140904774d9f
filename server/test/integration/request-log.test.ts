import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';

// The request log at info: one record per answered request, none for the health check.
describe('the request log', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ LOG_LEVEL: 'info' }, { captureLogs: true });
  });
  afterAll(() => t.close());

  const requestLines = (url: string) =>
    t.logs.filter((line) => (line.req as { url?: string } | undefined)?.url === url);

  it('writes one line per request with its status and time', async () => {
    await fetch(`${t.url}/api/config`);
    await fetch(`${t.url}/api/nothing-here`);
    const [config, ...more] = requestLines('/api/config');
    expect(more).toEqual([]);
    expect(config).toMatchObject({ level: 30, msg: 'request', res: { statusCode: 200 } });
    expect(typeof config?.responseTime).toBe('number');
    expect(requestLines('/api/nothing-here')[0]).toMatchObject({ res: { statusCode: 404 } });
  });

  it('leaves health checks out of the info log', async () => {
    expect((await fetch(`${t.url}/api/health`)).status).toBe(200);
    await fetch(`${t.url}/api/config?after=health`);
    expect(requestLines('/api/config?after=health')).toHaveLength(1);
    expect(requestLines('/api/health')).toEqual([]);
  });
});
