import { AUTH_ERRORS, AUTH_ROUTES, type AccountExport } from '@music-rooms/domain';
import { SESSION_COOKIE } from '../../src/plugins/session';
import { sessionClient } from '../helpers/factories';
import { describe, expect, test as it } from '../helpers/fixtures';
import { createRoom } from '../helpers/rooms';

describe('data export (GET /api/account/export)', () => {
  it('downloads everything the account holds as a JSON file', async ({ t, f }) => {
    const { user, password } = await f.user({ username: 'exporter', githubId: 'gh-export-1' });
    const phone = sessionClient(t.url, { headers: { 'user-agent': 'PhoneBrowser/1.0' } });
    await phone.post(AUTH_ROUTES.login, { emailOrUsername: user.email, password });
    const laptop = sessionClient(t.url, { headers: { 'user-agent': 'LaptopBrowser/2.0' } });
    await laptop.post(AUTH_ROUTES.login, { emailOrUsername: user.email, password });
    await laptop.call('users.updatePreferences', { soundEffects: false });

    const res = await laptop.fetch(AUTH_ROUTES.exportData);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const today = new Date().toISOString().slice(0, 10);
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="music-rooms-exporter-${today}.json"`,
    );
    const text = await res.text();
    const data = JSON.parse(text) as AccountExport;
    expect(data.profile).toEqual({
      id: user.id,
      name: user.name,
      username: 'exporter',
      email: user.email,
      avatar: user.avatar,
      superAdmin: false,
      hasPassword: true,
      createdAt: user.createdAt.toISOString(),
      updatedAt: expect.any(String),
    });
    expect(data.preferences).toEqual({ notifications: true, soundEffects: false });
    expect(data.linkedProviders).toEqual(['github']);
    expect(data.sessions.map((s) => [s.userAgent, s.current, s.type])).toEqual([
      ['PhoneBrowser/1.0', false, 'password'],
      ['LaptopBrowser/2.0', true, 'password'],
    ]);
    expect(Date.parse(data.sessions[0]!.expiresAt)).toBeGreaterThan(Date.now());
    expect(Date.parse(data.exportedAt)).toBeLessThanOrEqual(Date.now());
    // No secrets: no password hash, provider id or session token.
    const token = laptop.cookie().split(`${SESSION_COOKIE}=`)[1] ?? '';
    expect(token.length).toBeGreaterThan(20);
    expect(text).not.toContain(token);
    expect(text).not.toContain('argon2');
    expect(text).not.toContain('gh-export-1');
    expect(text).not.toMatch(/hash/i);
  });

  it('lists the rooms the user owns, belongs to or asked to join, and their favourites', async ({
    t,
    f,
  }) => {
    const { user, client } = await f.signedInUser();
    const other = (await f.user()).user;
    const open = await createRoom(t, {
      owner: user,
      name: 'My open room',
      description: 'Everyone welcome',
      roomUrl: 'my-open-room',
      createdAt: new Date('2024-01-01T10:00:00Z'),
    });
    await createRoom(t, {
      owner: user,
      name: 'My locked room',
      roomUrl: 'my-locked-room',
      visibility: 'hidden',
      password: 'room-secret-1',
      createdAt: new Date('2024-02-01T10:00:00Z'),
    });
    const band = await createRoom(t, {
      owner: other,
      name: 'The band',
      roomUrl: 'the-band',
      members: [{ user, role: 'editor' }],
    });
    const club = await createRoom(t, {
      owner: other,
      name: 'The club',
      roomUrl: 'the-club',
      members: [{ user, role: 'requested' }],
    });
    await createRoom(t, { owner: other, name: 'Not mine', roomUrl: 'not-mine' });
    for (const room of [band, open]) {
      const res = await client.call('rooms.toggleFavorite', { roomId: room.id, userId: user.id });
      expect(res.status).toBe(200);
    }

    const res = await client.fetch(AUTH_ROUTES.exportData);
    const text = await res.text();
    const data = JSON.parse(text) as AccountExport;
    expect(data.ownedRooms).toEqual([
      {
        id: open.id,
        name: 'My open room',
        description: 'Everyone welcome',
        url: 'my-open-room',
        visibility: 'public',
        hasPassword: false,
        createdAt: '2024-01-01T10:00:00.000Z',
      },
      expect.objectContaining({
        name: 'My locked room',
        url: 'my-locked-room',
        visibility: 'hidden',
        hasPassword: true,
        createdAt: '2024-02-01T10:00:00.000Z',
      }),
    ]);
    expect(data.roomMemberships).toEqual([
      {
        roomId: band.id,
        name: 'The band',
        url: 'the-band',
        role: 'editor',
        since: expect.any(String),
      },
      {
        roomId: club.id,
        name: 'The club',
        url: 'the-club',
        role: 'requested',
        since: expect.any(String),
      },
    ]);
    expect(data.favoriteRooms.map((room) => [room.roomId, room.name, room.url])).toEqual([
      [band.id, 'The band', 'the-band'],
      [open.id, 'My open room', 'my-open-room'],
    ]);
    expect(Date.parse(data.favoriteRooms[0]!.addedAt)).toBeLessThanOrEqual(Date.now());
    // The room password is neither in it as typed nor as its hash.
    expect(text).not.toContain('room-secret-1');
    expect(text).not.toContain('argon2');
    expect(text).not.toContain('Not mine');
  });

  it('gives empty room sections to a user without rooms', async ({ f }) => {
    const { client } = await f.signedInUser();
    const data = (await client.get<AccountExport>(AUTH_ROUTES.exportData)).body;
    expect(data).toMatchObject({ ownedRooms: [], roomMemberships: [], favoriteRooms: [] });
  });

  it('answers a guest with 401 notSignedIn', async ({ f }) => {
    const res = await f.guest().get(AUTH_ROUTES.exportData);
    expect(res).toMatchObject({ status: 401, body: { statusMessage: AUTH_ERRORS.notSignedIn } });
  });
});
