import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  AUTH_ERRORS,
  AUTH_ROUTES,
  AUTH_SUCCESS,
  type SessionResponse,
  type UnlinkResponse,
} from '@music-rooms/domain';
import { users } from '../../src/db/schema';
import { startTestApp, type TestApp } from '../helpers/app';
import { factories, type SessionClient } from '../helpers/factories';
import { PUBLIC_URL, navigate, runFlow } from '../helpers/oauth-flow';
import { startFakeProviders, type FakeProviders } from '../helpers/oauth-providers';

async function sessionUser(client: SessionClient) {
  return (await client.get<SessionResponse>(AUTH_ROUTES.session)).body.user;
}

describe('linking and unlinking providers', () => {
  let providers: FakeProviders;
  let t: TestApp;
  let f: ReturnType<typeof factories>;
  beforeAll(async () => {
    providers = await startFakeProviders();
    t = await startTestApp({ ...providers.env, PUBLIC_URL });
    f = factories(t);
  });
  afterAll(async () => {
    await t.close();
    await providers.close();
  });

  const rowOf = async (id: string) =>
    (await t.app.database.db.select().from(users).where(eq(users.id, id)))[0];

  it('links GitHub to a password account, signs in with it, then unlinks it', async () => {
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
    expect((await rowOf(user.id))?.githubId).toBeNull();
    expect((await sessionUser(client))?.providers).toEqual([]);
  });

  it('refuses to link a provider account that belongs to another user (oauthAlreadyLinked)', async () => {
    const { user: owner } = await f.user({ spotifyId: 'taken-spotify' });
    const { user, client } = await f.signedInUser();
    providers.spotify.profile = { id: 'taken-spotify', email: null, display_name: 'T' };
    const end = await runFlow(client, AUTH_ROUTES.link('spotify'));
    expect(end.query.error).toBe(AUTH_ERRORS.oauthAlreadyLinked);
    expect((await rowOf(user.id))?.spotifyId).toBeNull();
    expect((await rowOf(owner.id))?.spotifyId).toBe('taken-spotify');
  });

  it('links a second provider to an account made through the first', async () => {
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

  it('links nothing when the user cancels at the provider (oauthLinkFailed)', async () => {
    const { user, client } = await f.signedInUser();
    providers.spotify.profile = { id: 'cancelled-link', email: null, display_name: null };
    const end = await runFlow(client, AUTH_ROUTES.link('spotify'), (path) =>
      path.replace(/code=[^&]+/, 'error=access_denied'),
    );
    expect(end.query.error).toBe(AUTH_ERRORS.oauthLinkFailed);
    expect((await rowOf(user.id))?.spotifyId).toBeNull();
    expect((await sessionUser(client))?.id).toBe(user.id);
  });

  it('will not unlink the last way to sign in (oauthLastSignInMethod)', async () => {
    const { user, client } = await f.signedInUser(
      { password: null, githubId: 'only-gh' },
      'github',
    );
    const res = await client.post(AUTH_ROUTES.unlink('github'));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusMessage: AUTH_ERRORS.oauthLastSignInMethod });
    expect((await rowOf(user.id))?.githubId).toBe('only-gh');
  });

  it('unlinks one of two providers from an account without a password', async () => {
    const overrides = { password: null, githubId: 'two-gh', googleId: 'two-g' };
    const { user, client } = await f.signedInUser(overrides, 'github');
    expect((await client.post(AUTH_ROUTES.unlink('google'))).status).toBe(200);
    expect((await client.post(AUTH_ROUTES.unlink('github'))).body).toMatchObject({
      statusMessage: AUTH_ERRORS.oauthLastSignInMethod,
    });
    expect(await rowOf(user.id)).toMatchObject({ googleId: null, githubId: 'two-gh' });
  });

  it('answers oauthNotLinked for a provider the account does not have', async () => {
    const { client } = await f.signedInUser();
    const res = await client.post(AUTH_ROUTES.unlink('spotify'));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusMessage: AUTH_ERRORS.oauthNotLinked });
  });

  it('asks a guest to sign in first', async () => {
    const guest = f.guest();
    const unlink = await guest.post(AUTH_ROUTES.unlink('github'));
    expect(unlink.status).toBe(401);
    expect(unlink.body).toMatchObject({ statusMessage: AUTH_ERRORS.notSignedIn });
    const link = await navigate(guest, AUTH_ROUTES.link('github'));
    expect(link.status).toBe(302);
    expect(link.location).toBe(`/auth?error=${AUTH_ERRORS.notSignedIn}`);
  });
});
