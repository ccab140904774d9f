import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEBUG_EVENT_LIMITS } from '@music-rooms/domain';
import { startTestApp, type TestApp } from '../helpers/app';
import { postJson } from '../helpers/http';

const report = {
  message: 'TypeError: x is undefined',
  stack: 'at Room (room.tsx:10)',
  url: 'http://localhost/room/1',
  userAgent: 'Chromium',
  extra: { roomId: '1' },
};

describe('POST /api/debug_event', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Behind a trusted proxy, each test may speak for an address of its own (rate limits are per address).
    t = await startTestApp({ TRUST_PROXY: 'true' }, { captureLogs: true });
  });
  afterAll(() => t.close());

  it('logs a client error report at warn level and answers 204', async () => {
    const res = await fetch(`${t.url}/api/debug_event`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(report),
    });
    expect(res.status).toBe(204);
    const logged = t.logs.find((line) => line.msg === 'client error report');
    expect(logged).toMatchObject({ level: 40, clientReport: report });
  });

  it('cuts an overlong message to its limit', async () => {
    const message = `long ${'m'.repeat(DEBUG_EVENT_LIMITS.message)}`;
    const res = await postJson(t, '/api/debug_event', { message });
    expect(res.status).toBe(204);
    const logged = t.logs.filter((line) => line.msg === 'client error report').at(-1);
    expect((logged?.clientReport as { message: string }).message).toBe(
      message.slice(0, DEBUG_EVENT_LIMITS.message),
    );
  });

  it('refuses a report without a message with 400', async () => {
    const res = await postJson(t, '/api/debug_event', { stack: 'at nowhere' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'invalid_request' });
  });

  it('refuses a body over 16 KiB with 413', async () => {
    const res = await postJson(t, '/api/debug_event', {
      message: 'x'.repeat(DEBUG_EVENT_LIMITS.bodyBytes),
    });
    expect(res.status).toBe(413);
  });

  it(`accepts ${DEBUG_EVENT_LIMITS.perMinutePerIp} reports a minute from one address, then answers 429`, async () => {
    const from = { 'x-forwarded-for': '203.0.113.7' };
    const statuses: number[] = [];
    for (let i = 0; i < DEBUG_EVENT_LIMITS.perMinutePerIp; i += 1) {
      statuses.push(
        (await postJson(t, '/api/debug_event', { message: `report ${i}` }, from)).status,
      );
    }
    expect(statuses.every((status) => status === 204)).toBe(true);
    const limited = await postJson(t, '/api/debug_event', { message: 'one too many' }, from);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 'rate_limited' });
    const otherAddress = { 'x-forwarded-for': '203.0.113.8' };
    expect(
      (await postJson(t, '/api/debug_event', { message: 'elsewhere' }, otherAddress)).status,
    ).toBe(204);
  });
});
