import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUTH_ERRORS,
  AUTH_ROUTES,
  DEFAULT_PREFERENCES,
  errorText,
  type CurrentUser,
  type SessionUser,
} from '@music-rooms/domain';
import { startTestApp, type TestApp } from '../helpers/app';
import {
  factories,
  type FunctionBody,
  type JsonReply,
  type SessionClient,
} from '../helpers/factories';
import { connectAsGuest, LiveQueryRecorder } from '../helpers/realtime';

type Reply = JsonReply<FunctionBody>;

describe('users.* functions', () => {
  let t: TestApp;
  let f: ReturnType<typeof factories>;
  beforeAll(async () => {
    t = await startTestApp({ SUPER_ADMIN_EMAILS: 'chief@example.com' });
    f = factories(t);
  });
  afterAll(() => t.close());

  const call = (client: SessionClient, path: string, args: unknown) =>
    client.call(path, args) as Promise<Reply>;

  const expectError = (res: Reply, code: string, key: string) => {
    expect(res.status).toBe(560);
    expect(res.body.errorData).toMatchObject({ code, key });
    expect(res.body.errorMessage).toBe(errorText(key));
  };

  describe('users.getCurrentUser', () => {
    it("answers the caller's own profile when the e-mail is theirs (any case)", async () => {
      const { user, client } = await f.signedInUser({
        email: 'Chief@example.com',
        emailVerified: true,
      });
      const res = await call(client, 'users.getCurrentUser', { email: 'chief@EXAMPLE.com' });
      expect(res.status).toBe(200);
      expect(res.body.value).toEqual({
        _id: user.id,
        id: user.id,
        email: 'Chief@example.com',
        username: user.username,
        name: user.name,
        avatar: user.avatar,
        superadmin: true,
        hasPassword: true,
        providers: [],
        adminEmailUnverified: false,
      } satisfies CurrentUser);
    });

    it("answers null for another user's e-mail and for a guest", async () => {
      const other = await f.user();
      const { client } = await f.signedInUser();
      expect(
        (await call(client, 'users.getCurrentUser', { email: other.user.email })).body.value,
      ).toBeNull();
      expect(
        (await call(f.guest(), 'users.getCurrentUser', { email: other.user.email })).body.value,
      ).toBeNull();
    });
  });

  describe('users.getById', () => {
    it('shows anyone the public fields only: no e-mail, hash or provider id', async () => {
      const { user } = await f.user({ googleId: 'google-secret-id', email: 'private@example.com' });
      for (const client of [f.guest(), (await f.signedInUser()).client]) {
        const res = await call(client, 'users.getById', { id: user.id });
        expect(res.body.value).toEqual({
          _id: user.id,
          name: user.name,
          username: user.username,
          avatar: user.avatar,
        });
        const text = JSON.stringify(res.body);
        expect(text).not.toContain('private@example.com');
        expect(text).not.toContain('google-secret-id');
        expect(text).not.toContain('argon2');
      }
    });

    it('answers null for an unknown or malformed id', async () => {
      const guest = f.guest();
      expect(
        (await call(guest, 'users.getById', { id: '00000000-0000-4000-8000-000000000000' })).body
          .value,
      ).toBeNull();
      expect((await call(guest, 'users.getById', { id: 'nope' })).body.value).toBeNull();
    });
  });

  describe('users.updateUserProfile', () => {
    it('saves the changed fields, trimmed, and the session shows them', async () => {
      const { user, client, password } = await f.signedInUser();
      const res = await call(client, 'users.updateUserProfile', {
        id: user.id,
        name: '  New Name ',
        username: 'fresh_name',
        email: ' fresh@example.com ',
        currentPassword: password,
      });
      expect(res.status).toBe(200);
      expect(res.body.value).toMatchObject({
        name: 'New Name',
        username: 'fresh_name',
        email: 'fresh@example.com',
      });
      const session = await client.post<{ user: SessionUser }>(AUTH_ROUTES.updateSession, {});
      expect(session.body.user).toMatchObject({
        name: 'New Name',
        username: 'fresh_name',
        email: 'fresh@example.com',
      });
    });

    it('refuses an update that changes nothing (validation.noChanges)', async () => {
      const { user, client } = await f.signedInUser();
      const res = await call(client, 'users.updateUserProfile', {
        id: user.id,
        name: ` ${user.name} `,
      });
      expectError(res, 'validation', 'validation.noChanges');
      expectError(
        await call(client, 'users.updateUserProfile', { id: user.id }),
        'validation',
        'validation.noChanges',
      );
    });

    it.each([
      ['an empty name', { name: '  ' }, 'validation.displayNameLength'],
      ['a 21-letter name', { name: 'n'.repeat(21) }, 'validation.displayNameLength'],
      ['a 31-letter username', { username: 'u'.repeat(31) }, 'validation.usernameLength'],
      ['a username with a dash', { username: 'with-dash' }, 'validation.usernameFormat'],
      ['an invalid e-mail', { email: 'nope' }, 'validation.invalidEmail'],
    ])('refuses %s (%s)', async (_what, fields, key) => {
      const { user, client } = await f.signedInUser();
      expectError(
        await call(client, 'users.updateUserProfile', { id: user.id, ...fields }),
        'validation',
        key,
      );
    });

    it('accepts a one-letter username in the profile (1 to 30 there)', async () => {
      const { user, client } = await f.signedInUser();
      const res = await call(client, 'users.updateUserProfile', { id: user.id, username: 'q' });
      expect(res.body.value).toMatchObject({ username: 'q' });
    });

    it("refuses another account's e-mail or username (conflict)", async () => {
      const other = await f.user({ email: 'owner@example.com', username: 'the_owner' });
      const { user, client, password } = await f.signedInUser();
      const args = { id: user.id, email: 'OWNER@example.com', currentPassword: password };
      expectError(
        await call(client, 'users.updateUserProfile', args),
        'conflict',
        AUTH_ERRORS.emailExists,
      );
      expectError(
        await call(client, 'users.updateUserProfile', { id: user.id, username: 'The_Owner' }),
        'conflict',
        AUTH_ERRORS.usernameTaken,
      );
      expect(other.user.email).toBe('owner@example.com');
    });

    it("refuses a guest (not_signed_in) and someone else's id (forbidden)", async () => {
      const victim = await f.user();
      const { client } = await f.signedInUser();
      expectError(
        await call(f.guest(), 'users.updateUserProfile', { id: victim.user.id, name: 'Hacked' }),
        'not_signed_in',
        AUTH_ERRORS.notSignedIn,
      );
      expectError(
        await call(client, 'users.updateUserProfile', { id: victim.user.id, name: 'Hacked' }),
        'forbidden',
        AUTH_ERRORS.forbidden,
      );
      const seen = await call(f.guest(), 'users.getById', { id: victim.user.id });
      expect(seen.body.value).toMatchObject({ name: victim.user.name });
    });

    it('pushes the new name to a live users.getById query', async () => {
      const { user, client } = await f.signedInUser({ name: 'Before' });
      const socket = await connectAsGuest(t);
      try {
        const live = new LiveQueryRecorder(socket);
        const first = await live.subscribe('author', 'users.getById', { id: user.id });
        expect(first).toMatchObject({ kind: 'value', value: { name: 'Before' } });
        const next = live.next('author');
        await call(client, 'users.updateUserProfile', { id: user.id, name: 'After' });
        expect(await next).toMatchObject({ kind: 'value', value: { name: 'After' } });
      } finally {
        socket.close();
      }
    });
  });

  describe('preferences', () => {
    it('starts with the defaults and keeps what is changed', async () => {
      const { client } = await f.signedInUser();
      expect((await call(client, 'users.getPreferences', {})).body.value).toEqual(
        DEFAULT_PREFERENCES,
      );
      const res = await call(client, 'users.updatePreferences', { soundEffects: false });
      expect(res.body.value).toEqual({ notifications: true, soundEffects: false });
      await call(client, 'users.updatePreferences', { notifications: false });
      expect((await call(client, 'users.getPreferences', {})).body.value).toEqual({
        notifications: false,
        soundEffects: false,
      });
    });

    it('refuses a guest with not_signed_in', async () => {
      expectError(
        await call(f.guest(), 'users.getPreferences', {}),
        'not_signed_in',
        AUTH_ERRORS.notSignedIn,
      );
      expectError(
        await call(f.guest(), 'users.updatePreferences', { notifications: false }),
        'not_signed_in',
        AUTH_ERRORS.notSignedIn,
      );
    });
  });
});
