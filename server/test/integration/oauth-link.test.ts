import { eq } from 'drizzle-orm';
import {
  AUTH_ERRORS,
  AUTH_ROUTES,
  AUTH_SUCCESS,
  type UnlinkResponse,
  type UserId,
} from '@music-rooms/domain';
import { users } from '../../src/db/schema';
import type { TestApp } from '../helpers/app';
import { describe, expect, oauthTest as it } from '../helpers/fixtures';
import { navigate, runFlow, sessionUser } from '../helpers/oauth-flow';

const rowOf = async (t: TestApp, id: UserId) =>
  (await t.app.database.db.select().from(users).where(eq(users.id, id)))[0];

describe('linking and unlinking providers', () => {
  it('links GitHub to a password account, signs in with it, then unlinks it', async ({
    t,
    f,
    providers,
  }) => {
    const { user, client } = await f.signedInUser();
    // GitHub's e-mail differs from the account's: linking goes by the signed-in user only.
    providers.github.profile = { id: 9001, login: 'linker', name: null, emails: [] };
    const end = await runFlow(client, `${AUTH_ROUTES.link('github')}?returnTo=/room/r1`);
    expect(end.query).toEqual({ success: AUTH_SUCCESS.linked, returnTo: '/room/r1' });
    expect(await sessionUser(client)).toMatchObject({ type: 'password', providers: ['github'] });

    const viaGitHub = f.guest();
    await runFlow(viaGitHub, '/auth/github');
    expect(await sessionUser(viaGitHub)).toMatchObject({ id: user.id, type: 'github' });

    const unlink = await client.post<UnlinkResponse>(AUTH_ROUTES.unlink('github'));
    expect(unlink).toEqual({
      status: 200,
      body: { success: true, message: AUTH_SUCCESS.unlinked },
    });
    expect((await rowOf(t, user.id))?.githubId).toBeNull();
    expect((await sessionUser(client))?.providers).toEqual([]);
  });

  it('refuses to link a provider account that belongs to another user (oauthAlreadyLinked)', async ({
    t,
    f,
    providers,
  }) => {
    const { user: owner } = await f.user({ spotifyId: 'taken-spotify' });
    const { user, client } = await f.signedInUser();
    providers.spotify.profile = { id: 'taken-spotify', email: null, display_name: 'T' };
    const end = await runFlow(client, AUTH_ROUTES.link('spotify'));
    expect(end.query.error).toBe(AUTH_ERRORS.oauthAlreadyLinked);
    expect((await rowOf(t, user.id))?.spotifyId).toBeNull();
    expect((await rowOf(t, owner.id))?.spotifyId).toBe('taken-spotify');
  });

  it('links a second provider to an account made through the first', async ({ f, providers }) => {
    const { user, client } = await f.signedInUser(
      { password: null, googleId: 'g-first' },
      'google',
    );
    providers.spotify.profile = { id: 'second-spotify', email: null, display_name: null };
    const end = await runFlow(client, AUTH_ROUTES.link('spotify'));
    expect(end.query.success).toBe(AUTH_SUCCESS.linked);
    expect(await sessionUser(client)).toMatchObject({
      id: user.id,
      type: 'google',
      providers: ['google', 'spotify'],
    });
  });

  it('links Spotify by account_id and refuses it to a second account that had the old id', async ({
    t,
    f,
    providers,
  }) => {
    const { user: owner } = await f.user({ spotifyId: 'old.spotify' });
    const { user, client } = await f.signedInUser();
    providers.spotify.profile = {
      id: 'old.spotify',
      account_id: 'acct-owner',
      email: null,
      display_name: null,
    };
    const end = await runFlow(client, AUTH_ROUTES.link('spotify'));
    expect(end.query.error).toBe(AUTH_ERRORS.oauthAlreadyLinked);
    expect((await rowOf(t, user.id))?.spotifyId).toBeNull();
    expect((await rowOf(t, owner.id))?.spotifyId).toBe('acct-owner');

    const { user: fresh, client: freshClient } = await f.signedInUser();
    providers.spotify.profile = {
      id: 'x',
      account_id: 'acct-fresh',
      email: null,
      display_name: null,
    };
    await runFlow(freshClient, AUTH_ROUTES.link('spotify'));
    expect((await rowOf(t, fresh.id))?.spotifyId).toBe('acct-fresh');
  });

  it('links nothing when the user cancels at the provider (oauthLinkFailed)', async ({
    t,
    f,
    providers,
  }) => {
    const { user, client } = await f.signedInUser();
    providers.spotify.profile = { id: 'cancelled-link', email: null, display_name: null };
    const end = await runFlow(client, AUTH_ROUTES.link('spotify'), (path) =>
      path.replace(/code=[^&]+/, 'error=access_denied'),
    );
    expect(end.query.error).toBe(AUTH_ERRORS.oauthLinkFailed);
    expect((await rowOf(t, user.id))?.spotifyId).toBeNull();
    expect((await sessionUser(client))?.id).toBe(user.id);
  });

  it('will not unlink the last way to sign in (oauthLastSignInMethod)', async ({ t, f }) => {
    const { user, client } = await f.signedInUser(
      { password: null, githubId: 'only-gh' },
      'github',
    );
    const res = await client.post(AUTH_ROUTES.unlink('github'));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusMessage: AUTH_ERRORS.oauthLastSignInMethod });
    expect((await rowOf(t, user.id))?.githubId).toBe('only-gh');
  });

  it('unlinks one of two providers from an account without a password', async ({ t, f }) => {
    const overrides = { password: null, githubId: 'two-gh', googleId: 'two-g' };
    const { user, client } = await f.signedInUser(overrides, 'github');
    expect((await client.post(AUTH_ROUTES.unlink('google'))).status).toBe(200);
    expect((await client.post(AUTH_ROUTES.unlink('github'))).body).toMatchObject({
      statusMessage: AUTH_ERRORS.oauthLastSignInMethod,
    });
    expect(await rowOf(t, user.id)).toMatchObject({ googleId: null, githubId: 'two-gh' });
  });

  it('answers oauthNotLinked for a provider the account does not have', async ({ f }) => {
    const { client } = await f.signedInUser();
    const res = await client.post(AUTH_ROUTES.unlink('spotify'));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusMessage: AUTH_ERRORS.oauthNotLinked });
  });

  it('asks a guest to sign in first', async ({ f }) => {
    const guest = f.guest();
    const unlink = await guest.post(AUTH_ROUTES.unlink('github'));
    expect(unlink.status).toBe(401);
    expect(unlink.body).toMatchObject({ statusMessage: AUTH_ERRORS.notSignedIn });
    const link = await navigate(guest, AUTH_ROUTES.link('github'));
    expect(link.status).toBe(302);
    expect(link.location).toBe(`/auth?error=${AUTH_ERRORS.notSignedIn}`);
  });
});
