import { eq } from 'drizzle-orm';
import { AUTH_ERRORS, AUTH_SUCCESS } from '@music-rooms/domain';
import { users } from '../../src/db/schema';
import type { TestApp } from '../helpers/app';
import { describe, expect, oauthTest as it } from '../helpers/fixtures';
import { runFlow, sessionUser } from '../helpers/oauth-flow';

const accountOf = async (t: TestApp, column: 'googleId' | 'githubId' | 'spotifyId', id: string) =>
  t.app.database.db.select().from(users).where(eq(users[column], id));

describe('signing in with a provider', () => {
  it('creates an account and a google session for a new Google user, then finds it again', async ({
    t,
    f,
    providers,
  }) => {
    providers.google.claims = {
      sub: 'g-new-1',
      email: 'Ada.Lovelace@Example.com',
      email_verified: true,
      name: 'Ada Lovelace',
    };
    const browser = f.guest();
    const end = await runFlow(browser, '/auth/google?returnTo=/room/abc');
    expect(end.status).toBe(302);
    expect(end.query).toEqual({ success: AUTH_SUCCESS.signedIn, returnTo: '/room/abc' });
    const user = await sessionUser(browser);
    expect(user).toMatchObject({
      type: 'google',
      email: 'Ada.Lovelace@Example.com',
      name: 'Ada Lovelace',
      username: 'Ada_Lovelace',
      hasPassword: false,
      providers: ['google'],
    });
    expect(user?.avatar).toMatch(/^#[0-9a-f]{6}$/);

    const again = f.guest();
    await runFlow(again, '/auth/google');
    expect((await sessionUser(again))?.id).toBe(user?.id);
    expect(await accountOf(t, 'googleId', 'g-new-1')).toHaveLength(1);
  });

  it('signs in with GitHub using the primary verified e-mail and the login as username', async ({
    t,
    f,
    providers,
  }) => {
    providers.github.profile = {
      id: 4242,
      login: 'octo-cat',
      name: 'The Octocat With A Very Long Name',
      emails: [
        { email: 'old@example.com', primary: false, verified: true },
        { email: 'octo@example.com', primary: true, verified: true },
      ],
    };
    const browser = f.guest();
    const end = await runFlow(browser, '/auth/github');
    expect(end.query.success).toBe(AUTH_SUCCESS.signedIn);
    expect(end.query.returnTo).toBe('/');
    expect(await sessionUser(browser)).toMatchObject({
      type: 'github',
      email: 'octo@example.com',
      username: 'octo_cat',
      name: 'The Octocat With A V',
      providers: ['github'],
    });
    const [row] = await accountOf(t, 'githubId', '4242');
    expect(row?.passwordHash).toBeNull();
  });

  it('signs in with Spotify and makes the username unique when it is taken', async ({
    f,
    providers,
  }) => {
    await f.user({ username: 'dj_spot' });
    providers.spotify.profile = { id: 'dj.spot', email: 'dj@example.com', display_name: 'DJ' };
    const browser = f.guest();
    const end = await runFlow(browser, '/auth/spotify');
    expect(end.query.success).toBe(AUTH_SUCCESS.signedIn);
    const user = await sessionUser(browser);
    expect(user).toMatchObject({ type: 'spotify', name: 'DJ', providers: ['spotify'] });
    expect(user?.username).toMatch(/^dj_spot_\d{3,6}$/);
  });

  it('links a Spotify account by its stable account_id, not by the id that may change', async ({
    t,
    f,
    providers,
  }) => {
    providers.spotify.profile = {
      id: 'renamed.later',
      account_id: 'acct-7f3e',
      email: 'stable@example.com',
      display_name: 'Stable',
    };
    const first = f.guest();
    await runFlow(first, '/auth/spotify');
    const created = await sessionUser(first);
    expect(await accountOf(t, 'spotifyId', 'acct-7f3e')).toHaveLength(1);

    providers.spotify.profile = { ...providers.spotify.profile, id: 'renamed.now' };
    const again = f.guest();
    const end = await runFlow(again, '/auth/spotify');
    expect(end.query.success).toBe(AUTH_SUCCESS.signedIn);
    expect((await sessionUser(again))?.id).toBe(created?.id);
  });

  it('finds an account linked by the old Spotify id once Spotify gives an account_id, and moves the link', async ({
    t,
    f,
    providers,
  }) => {
    const { user } = await f.user({ spotifyId: 'legacy.dj' });
    providers.spotify.profile = {
      id: 'legacy.dj',
      account_id: 'acct-legacy',
      email: null,
      display_name: 'DJ',
    };
    const browser = f.guest();
    const end = await runFlow(browser, '/auth/spotify');
    expect(end.query.success).toBe(AUTH_SUCCESS.signedIn);
    expect((await sessionUser(browser))?.id).toBe(user.id);
    const [row] = await accountOf(t, 'spotifyId', 'acct-legacy');
    expect(row?.id).toBe(user.id);
    expect(await accountOf(t, 'spotifyId', 'legacy.dj')).toHaveLength(0);
  });

  it('still signs in an account linked by id when Spotify gives no account_id', async ({
    f,
    providers,
  }) => {
    const { user } = await f.user({ spotifyId: 'plain.id' });
    providers.spotify.profile = { id: 'plain.id', email: null, display_name: null };
    const browser = f.guest();
    await runFlow(browser, '/auth/spotify');
    expect((await sessionUser(browser))?.id).toBe(user.id);
  });

  it('refuses to take over a password account with the same e-mail (emailExistsWithDifferentOauth)', async ({
    t,
    f,
    providers,
  }) => {
    const { user } = await f.user({ email: 'owner@example.com' });
    providers.github.profile = {
      id: 777,
      login: 'intruder',
      name: null,
      emails: [{ email: 'OWNER@example.com', primary: true, verified: true }],
    };
    const browser = f.guest();
    const end = await runFlow(browser, '/auth/github');
    expect(end.query.error).toBe(AUTH_ERRORS.emailExistsWithDifferentOauth);
    expect(await sessionUser(browser)).toBeNull();
    const [row] = await t.app.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.githubId).toBeNull();
    expect(await accountOf(t, 'githubId', '777')).toHaveLength(0);
  });

  it('signs in a linked GitHub user even when the e-mail list is refused', async ({
    f,
    providers,
  }) => {
    const { user } = await f.user({ githubId: '4343' });
    providers.github.profile = { id: 4343, login: 'no-email-scope', name: null, emails: [] };
    providers.github.failPath('/user/emails', 403);
    const browser = f.guest();
    const end = await runFlow(browser, '/auth/github');
    providers.github.failPath('/user/emails', null);
    expect(end.query.success).toBe(AUTH_SUCCESS.signedIn);
    expect(await sessionUser(browser)).toMatchObject({ id: user.id, type: 'github' });
  });

  it('fails without a verified e-mail to make the account with', async ({ t, f, providers }) => {
    providers.github.profile = {
      id: 888,
      login: 'unverified',
      name: null,
      emails: [{ email: 'unverified@example.com', primary: true, verified: false }],
    };
    const browser = f.guest();
    const end = await runFlow(browser, '/auth/github');
    expect(end.query.error).toBe(AUTH_ERRORS.oauthAuthFailed);
    expect(await accountOf(t, 'githubId', '888')).toHaveLength(0);
  });

  it('signs no one in when the user cancels at the provider (oauthAuthFailed)', async ({ f }) => {
    const browser = f.guest();
    const end = await runFlow(browser, '/auth/spotify', (path) =>
      path.replace(/code=[^&]+/, 'error=access_denied'),
    );
    expect(end.query.error).toBe(AUTH_ERRORS.oauthAuthFailed);
    expect(await sessionUser(browser)).toBeNull();
  });

  it('replaces the session of whoever was signed in before in that browser', async ({
    f,
    providers,
  }) => {
    const { client } = await f.signedInUser();
    const before = await sessionUser(client);
    providers.spotify.profile = { id: 'switcher', email: 'switch@example.com', display_name: 'S' };
    await runFlow(client, '/auth/spotify');
    const after = await sessionUser(client);
    expect(after?.type).toBe('spotify');
    expect(after?.id).not.toBe(before?.id);
  });

  it('never sends the browser to another site afterwards', async ({ f, providers }) => {
    providers.google.claims = { sub: 'g-return', email: 'ret@example.com', email_verified: true };
    for (const returnTo of ['https://evil.example/x', '//evil.example/x', '/\\evil.example']) {
      const end = await runFlow(f.guest(), `/auth/google?returnTo=${encodeURIComponent(returnTo)}`);
      expect(end.query.returnTo).toBe('/');
    }
  });
});
