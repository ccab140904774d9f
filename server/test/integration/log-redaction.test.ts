import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_ROUTES } from '@music-rooms/domain';
import { startTestApp, type TestApp } from '../helpers/app';
import { postJson } from '../helpers/http';

const PASSWORD = 'pw-never-logged-7d1f';
const RESET_TOKEN = 'reset-token-never-logged-52ab';
const OAUTH_CODE = 'oauth-code-never-logged-0c9e';
const OAUTH_STATE = 'oauth-state-never-logged-a41b';
const COOKIE = 'cookie-never-logged-93fd';
const BEARER = 'bearer-never-logged-6e20';

describe('what the server logs', () => {
  let t: TestApp;
  let logged: string;
  beforeAll(async () => {
    // Every level, so no line that could carry a secret is left out.
    t = await startTestApp({ LOG_LEVEL: 'trace', ADMIN_KEY: 'k' }, { captureLogs: true });
    const headers = { cookie: `mr_session=${COOKIE}`, authorization: `Bearer ${BEARER}` };
    await postJson(
      t,
      AUTH_ROUTES.login,
      { emailOrUsername: 'a@b.io', password: PASSWORD },
      headers,
    );
    await fetch(`${t.url}/reset-password?token=${RESET_TOKEN}&lang=ru`, { headers });
    // The callback route itself logs only warnings; any other route sees the same query shape.
    await fetch(`${t.url}/auth/github?code=${OAUTH_CODE}&state=${OAUTH_STATE}&popup=1`);
    await fetch(`${t.url}/auth/google/callback?code=${OAUTH_CODE}&state=${OAUTH_STATE}`);
    await fetch(`${t.url}/api/config?Client_Secret=${PASSWORD}&newPassword=${PASSWORD}`);
    logged = JSON.stringify(t.logs);
  });
  afterAll(() => t.close());

  it.each([
    ['a password', PASSWORD],
    ['a reset token in the query', RESET_TOKEN],
    ['an OAuth code', OAUTH_CODE],
    ['an OAuth state', OAUTH_STATE],
    ['a cookie', COOKIE],
    ['an Authorization header', BEARER],
  ])('never writes %s', (_, secret) => {
    expect(logged).not.toContain(secret);
  });

  it('keeps the path and harmless parameters of a URL and marks the secret ones', () => {
    const urls = t.logs.map((line) => (line.req as { url?: string } | undefined)?.url);
    expect(urls).toContain('/reset-password?token=[redacted]&lang=ru');
    expect(urls).toContain('/auth/github?code=[redacted]&state=[redacted]&popup=1');
    expect(urls).toContain('/api/config?Client_Secret=[redacted]&newPassword=[redacted]');
  });
});
