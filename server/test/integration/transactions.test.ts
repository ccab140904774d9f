import { count, eq, sql } from 'drizzle-orm';
import { AUTH_ROUTES, type RoomId, type SessionResponse } from '@music-rooms/domain';
import { roomAccessTokens, rooms } from '../../src/db/schema';
import { verifyPassword } from '../../src/services/accounts/passwords';
import type { TestApp } from '../helpers/app';
import { signedInClient, type Factories, type SessionClient } from '../helpers/factories';
import { describe, expect, test } from '../helpers/fixtures';
import { endUndoWindows } from '../helpers/removals';
import { requestResetToken } from '../helpers/password-reset';
import { createRoom } from '../helpers/rooms';
import { createTrack } from '../helpers/tracks';
import { findPlaybackCopy, insertPlaybackCopy } from '../../src/services/tracks/playback-store';

/**
 * Writes that belong together run in one transaction (STYLE 10c): when a later statement
 * fails, the earlier ones are undone. The failure is real: a trigger makes PostgreSQL refuse
 * the statement that comes after the first write, and the real routes and services run into
 * it. Each check then drops the trigger and shows the same action going through, so the test
 * is known to have reached the statement it broke.
 */

/** Makes the statement refuse rows matching `when`; the answer undoes that ("heals" it). */
type FailOn = (
  event: 'INSERT' | 'DELETE',
  table: string,
  when: string,
) => Promise<() => Promise<void>>;

const it = test
  .extend('failOn', ({ t }, { onCleanup }): FailOn => {
    const db = t.app.database.db;
    const triggers = new Map<string, string>();
    const drop = async (name: string) => {
      const table = triggers.get(name);
      triggers.delete(name);
      if (table) await db.execute(sql.raw(`DROP TRIGGER IF EXISTS ${name} ON ${table}`));
    };
    onCleanup(async () => {
      for (const name of [...triggers.keys()]) await drop(name);
    });
    // `when` is SQL over the row (OLD for a delete, NEW for an insert), made by the test itself.
    return async (event, table, when) => {
      await db.execute(sql`
      CREATE OR REPLACE FUNCTION fail_halfway() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'simulated failure halfway'; END $$`);
      const name = `fail_halfway_${triggers.size}_${Date.now()}`;
      await db.execute(
        sql.raw(`CREATE TRIGGER ${name} BEFORE ${event} ON ${table}
        FOR EACH ROW WHEN (${when}) EXECUTE FUNCTION fail_halfway()`),
      );
      triggers.set(name, table);
      return () => drop(name);
    };
  })
  // The reset checks read their link from the mail outbox.
  .extend('appEnv', { scope: 'file' }, ({ dataDir }) => ({ DATA_DIR: dataDir }));

const canSignIn = async (f: Factories, email: string, password: string) =>
  (await f.guestFrom().post(AUTH_ROUTES.login, { emailOrUsername: email, password })).status ===
  200;

const isSignedIn = async (client: SessionClient) =>
  ((await client.get<SessionResponse>(AUTH_ROUTES.session)).body.user ?? null) !== null;

describe('rooms.update with a new password', () => {
  const passCount = async (t: TestApp, roomId: RoomId) =>
    (
      await t.app.database.db
        .select({ n: count() })
        .from(roomAccessTokens)
        .where(eq(roomAccessTokens.roomId, roomId))
    )[0]?.n ?? 0;

  it('keeps the old password, name and passes when revoking the passes fails', async ({
    t,
    f,
    failOn,
  }) => {
    const { user: owner, client } = await f.signedInUser();
    const room = await createRoom(t, { owner, name: 'Before', password: 'old-pass' });
    const guest = f.guest();
    const pass = await guest.call<{ value: { token: string } }>('rooms.generateAccessToken', {
      room_url: room.roomUrl,
      password: 'old-pass',
      session_id: 'tab-1',
    });
    const gatePass = { accessToken: pass.body.value.token, session_id: 'tab-1' };
    const heal = await failOn('DELETE', 'room_access_tokens', `OLD.room_id = '${room.id}'`);

    const change = { id: room.id, name: 'After', password: 'new-pass' };
    expect((await client.call('rooms.update', change)).status).toBe(500);
    const [stored] = await t.app.database.db.select().from(rooms).where(eq(rooms.id, room.id));
    expect(stored?.name).toBe('Before');
    expect(await verifyPassword(stored!.passwordHash, 'old-pass')).toBe(true);
    expect(await passCount(t, room.id)).toBe(1);
    const seen = await guest.call('rooms.get', { id: room.id, ...gatePass });
    expect(seen.body).toMatchObject({ status: 'success', value: { _id: room.id } });

    await heal();
    expect((await client.call('rooms.update', change)).body).toMatchObject({ status: 'success' });
    expect(await passCount(t, room.id)).toBe(0);
  });
});

describe('changing a password', () => {
  it('keeps the old password and the other sessions when signing them out fails', async ({
    t,
    f,
    failOn,
  }) => {
    const { user, password } = await f.user();
    const here = await signedInClient(t.url, user.email, password!);
    const elsewhere = await signedInClient(t.url, user.email, password!);
    const heal = await failOn('DELETE', 'sessions', `OLD.user_id = '${user.id}'`);

    const change = { userId: user.id, currentPassword: password, newPassword: 'changed-pass' };
    expect((await here.post(AUTH_ROUTES.changePassword, change)).status).toBe(500);
    expect(await isSignedIn(elsewhere)).toBe(true);
    expect(await canSignIn(f, user.email, password!)).toBe(true);
    expect(await canSignIn(f, user.email, 'changed-pass')).toBe(false);

    await heal();
    expect((await here.post(AUTH_ROUTES.changePassword, change)).status).toBe(200);
    expect(await isSignedIn(elsewhere)).toBe(false);
  });
});

describe('resetting a password through a link', () => {
  const reset = (f: Factories, token: string) =>
    f.guestFrom().post(AUTH_ROUTES.resetPasswordWithToken, { token, newPassword: 'reset-pass' });
  const linkState = async (f: Factories, token: string) =>
    (await f.guestFrom().post(AUTH_ROUTES.verifyResetToken, { token })).body.state;

  // The reset uses up the link, signs the user out everywhere, stores the new hash, then
  // issues the sign-in grant: a failure at the third step, and one at the last.
  it.for([
    {
      step: 'signing out the sessions',
      event: 'DELETE',
      table: 'sessions',
      when: (id: string) => `OLD.user_id = '${id}'`,
    },
    {
      step: 'issuing the sign-in grant',
      event: 'INSERT',
      table: 'user_tokens',
      when: (id: string) => `NEW.user_id = '${id}' AND NEW.purpose = 'login_grant'`,
    },
  ] as const)(
    'leaves the link, password and sessions as they were when $step fails',
    async ({ event, table, when }, { t, f, failOn }) => {
      const { user, password, client } = await f.signedInUser();
      const token = await requestResetToken(t, user.email);
      const heal = await failOn(event, table, when(user.id));

      expect((await reset(f, token)).status).toBe(500);
      expect(await linkState(f, token)).toBe('valid');
      expect(await isSignedIn(client)).toBe(true);
      expect(await canSignIn(f, user.email, password!)).toBe(true);
      expect(await canSignIn(f, user.email, 'reset-pass')).toBe(false);

      await heal();
      expect((await reset(f, token)).status).toBe(200);
      expect(await linkState(f, token)).toBe('used');
      expect(await isSignedIn(client)).toBe(false);
    },
  );
});

describe('removing a track', () => {
  it('keeps its playback copy when deleting the track fails', async ({ t, f, failOn }) => {
    const { user: owner, client } = await f.signedInUser();
    const track = await createTrack(t, { room: await createRoom(t, { owner }) });
    const storageKey = `playback/${track.id}-seeded.flac`;
    await t.app.tracksRuntime.storage.putBuffer(storageKey, Buffer.from('fLaC'), 'audio/flac');
    const copy = { trackId: track.id, storageKey, sourceKey: track.audioKey!, version: 'seeded' };
    const index = { sampleRate: 44_100, channels: 2, totalSamples: 1, sizeBytes: 4 };
    const rest = { headerBase64: '', segments: [] };
    expect(await insertPlaybackCopy(t.app.database.db, { ...copy, ...index, ...rest })).toBe(true);
    const heal = await failOn('DELETE', 'tracks', `OLD.id = '${track.id}'`);

    expect((await client.call('tracks.remove', { id: track.id })).status).toBe(500);
    expect(await findPlaybackCopy(t.app.database.db, track.id)).not.toBeNull();
    expect(await t.app.tracksRuntime.storage.stat(storageKey)).not.toBeNull();

    await heal();
    expect((await client.call('tracks.remove', { id: track.id })).body.status).toBe('success');
    expect(await findPlaybackCopy(t.app.database.db, track.id)).toBeNull();
    await endUndoWindows(t);
    expect(await t.app.tracksRuntime.storage.stat(storageKey)).toBeNull();
  });
});
