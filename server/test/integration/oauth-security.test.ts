import { eq } from 'drizzle-orm';
import { AUTH_ERRORS, AUTH_ROUTES, GOOGLE_OAUTH_FAILED } from '@music-rooms/domain';
import { users } from '../../src/db/schema';
import type { TestApp } from '../helpers/app';
import { describe, expect, oauthTest, test } from '../helpers/fixtures';
import { PUBLIC_URL, consent, navigate, runFlow, sessionUser } from '../helpers/oauth-flow';
import { CLIENT } from '../helpers/oauth-providers';

// Why a callback failed is only in the log.
const it = oauthTest.extend('appOptions', { scope: 'file' }, { captureLogs: true });

/** An app of its own, with one provider's client id and no provider servers. */
const githubOnly = test.extend(
  'appEnv',
  { scope: 'file' },
  { GITHUB_CLIENT_ID: 'only-github', PUBLIC_URL },
);

type Claims = Record<string, unknown>;

const googleAccounts = (t: TestApp, sub: string) =>
  t.app.database.db.select().from(users).where(eq(users.googleId, sub));
const lastFailure = (t: TestApp) =>
  t.logs.filter((line) => line.msg === 'oauth flow failed').at(-1);

describe('what a provider callback must prove', () => {
  it('refuses a callback whose state was tampered with, and signs no one in', async ({
    t,
    f,
    providers,
  }) => {
    providers.github.profile = {
      id: 501,
      login: 'tamper',
      name: null,
      emails: [{ email: 'tamper@example.com', primary: true, verified: true }],
    };
    const browser = f.guest();
    const end = await runFlow(browser, '/auth/github', (path) =>
      path.replace(/state=[^&]+/, 'state=forged-state'),
    );
    expect(end.query.error).toBe(AUTH_ERRORS.oauthAuthFailed);
    expect(await sessionUser(browser)).toBeNull();
    expect(lastFailure(t)?.reason).toMatch(/"state"/);
  });

  it('refuses a callback in a browser that never started the flow (login CSRF)', async ({
    t,
    f,
  }) => {
    const start = await navigate(f.guest(), '/auth/github');
    const callback = await consent(start.providerUrl as URL);
    const victim = f.guest();
    const end = await navigate(victim, callback);
    expect(end.query.error).toBe(AUTH_ERRORS.oauthAuthFailed);
    expect(await sessionUser(victim)).toBeNull();
    expect(lastFailure(t)?.reason).toBe('no valid flow cookie');
  });

  it('refuses a flow cookie whose content was altered', async ({ t, f }) => {
    const browser = f.guest();
    const start = await navigate(browser, '/auth/spotify');
    const cookie = /music_rooms_oauth_spotify=([^;]+)/.exec(browser.cookie())?.[1] ?? '';
    const altered = `${cookie.slice(0, 40)}${cookie[40] === 'A' ? 'B' : 'A'}${cookie.slice(41)}`;
    browser.setCookie('music_rooms_oauth_spotify', altered);
    const end = await navigate(browser, await consent(start.providerUrl as URL));
    expect(end.query.error).toBe(AUTH_ERRORS.oauthAuthFailed);
    expect(await sessionUser(browser)).toBeNull();
    expect(lastFailure(t)?.reason).toBe('no valid flow cookie');
  });

  it('keeps the flow in a short-lived httpOnly cookie sent only to the callback', async ({ f }) => {
    const res = await f.guest().fetch('/auth/google', { redirect: 'manual' });
    const cookie = res.headers
      .getSetCookie()
      .find((c) => c.startsWith('music_rooms_oauth_google='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\/auth\/google\/callback/);
    expect(cookie).toMatch(/Max-Age=600/);
    const provider = new URL(res.headers.get('location') ?? '');
    expect(provider.searchParams.get('code_challenge_method')).toBe('S256');
    expect(provider.searchParams.get('nonce')).toBeTruthy();
    expect(provider.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/auth/google/callback`);
    expect(cookie).not.toContain(provider.searchParams.get('state'));
  });

  it.for<[string, (payload: Claims) => void, RegExp]>([
    ['an ID token for another audience', (p: Claims) => void (p.aud = 'other'), /"aud"/],
    ['an ID token with another nonce', (p: Claims) => void (p.nonce = 'other'), /"nonce"/],
    ['an expired ID token', (p: Claims) => void (p.exp = 1_000_000), /"exp"/],
    ['an ID token from another issuer', (p: Claims) => void (p.iss = 'https://x'), /"iss"/],
  ])(
    'fails Google sign-in given %s (google_oauth_failed)',
    async ([_case, change, reason], { t, f, providers }) => {
      const sub = `g-bad-${Math.random().toString(36).slice(2)}`;
      providers.google.claims = { sub, email: `${sub}@example.com`, email_verified: true };
      providers.google.tamperNextIdToken(change);
      const browser = f.guest();
      const end = await runFlow(browser, '/auth/google');
      expect(end.query.error).toBe(GOOGLE_OAUTH_FAILED);
      expect(await sessionUser(browser)).toBeNull();
      expect(await googleAccounts(t, sub)).toHaveLength(0);
      expect(lastFailure(t)).toMatchObject({
        provider: 'google',
        reason: expect.stringMatching(reason),
      });
    },
  );

  it('fails Google sign-in when the ID token signature does not match the JWKS', async ({
    t,
    f,
    providers,
  }) => {
    providers.google.claims = {
      sub: 'g-forged',
      email: 'forged@example.com',
      email_verified: true,
    };
    providers.google.breakNextSignature();
    const end = await runFlow(f.guest(), '/auth/google');
    expect(end.query.error).toBe(GOOGLE_OAUTH_FAILED);
    expect(await googleAccounts(t, 'g-forged')).toHaveLength(0);
    expect(lastFailure(t)?.reason).toMatch(/signature/i);
  });

  it('takes a missing e-mail and name from userinfo, and ignores an unverified e-mail', async ({
    f,
    providers,
  }) => {
    providers.google.claims = { sub: 'g-info', email: 'nope@example.com', email_verified: false };
    providers.google.userinfo = { email: 'info@example.com', email_verified: true, name: 'Info' };
    const browser = f.guest();
    await runFlow(browser, '/auth/google');
    expect(await sessionUser(browser)).toMatchObject({ email: 'info@example.com', name: 'Info' });
    providers.google.userinfo = {};
  });

  it('refuses to finish a link flow for another user than the one who started it', async ({
    t,
    f,
    providers,
  }) => {
    const starter = await f.signedInUser();
    const other = await f.signedInUser();
    providers.github.profile = { id: 601, login: 'swap', name: null, emails: [] };
    const start = await navigate(starter.client, AUTH_ROUTES.link('github'));
    const callback = await consent(start.providerUrl as URL);
    // The flow cookie travels to a browser signed in as someone else.
    const flowCookie = /music_rooms_oauth_github=([^;]+)/.exec(starter.client.cookie())?.[1];
    other.client.setCookie('music_rooms_oauth_github', flowCookie ?? '');
    const end = await navigate(other.client, callback);
    expect(end.query.error).toBe(AUTH_ERRORS.oauthLinkFailed);
    expect(lastFailure(t)?.reason).toMatch(/another session user/);
    const linked = await t.app.database.db.select().from(users).where(eq(users.githubId, '601'));
    expect(linked).toHaveLength(0);
  });

  it('never puts codes, provider tokens or the client secret in an answer or the log', async ({
    t,
    f,
    providers,
  }) => {
    providers.github.profile = {
      id: 701,
      login: 'leak',
      name: null,
      emails: [{ email: 'leak@example.com', primary: true, verified: true }],
    };
    providers.github.failPath('/user', 500);
    const codes: string[] = [];
    const keepCode = (path: string) => {
      codes.push(new URL(path, PUBLIC_URL).searchParams.get('code') ?? '');
      return path;
    };
    const end = await runFlow(f.guest(), '/auth/github?popup=1', keepCode);
    providers.github.failPath('/user', null);
    providers.google.tamperNextIdToken((p) => void (p.aud = 'other'));
    const google = await runFlow(f.guest(), '/auth/google', keepCode);
    expect(end.body).toContain(AUTH_ERRORS.oauthAuthFailed);
    expect(google.query.error).toBe(GOOGLE_OAUTH_FAILED);

    const secrets = [
      ...codes,
      ...providers.github.issuedTokens,
      ...providers.google.issuedTokens,
      CLIENT.github.secret,
      CLIENT.google.secret,
    ].filter(Boolean);
    const failures = t.logs.filter((line) => line.msg === 'oauth flow failed');
    expect(failures.map((line) => line.provider)).toEqual(
      expect.arrayContaining(['github', 'google']),
    );
    const visible = `${JSON.stringify(t.logs)}${end.body}${google.body}${JSON.stringify(google.query)}`;
    for (const secret of secrets) expect(visible).not.toContain(secret);
  });
});

describe('a provider without a client id', () => {
  githubOnly('is not offered and its routes answer 404', async ({ t, f }) => {
    const config = (await (await fetch(`${t.url}/api/config`)).json()) as Record<string, unknown>;
    expect(config.oauthProviders).toEqual(['github']);
    const browser = f.guest();
    expect((await navigate(browser, '/auth/spotify')).status).toBe(404);
    expect((await navigate(browser, '/auth/spotify/callback?code=x&state=y')).status).toBe(404);
    expect((await navigate(browser, AUTH_ROUTES.link('google'))).status).toBe(404);
    expect((await browser.post(AUTH_ROUTES.unlink('google'))).status).toBe(404);
    expect((await navigate(browser, '/auth/github')).status).toBe(302);
  });
});
