import {
  PLAYER_ERRORS,
  PLAY_LEAD_MS,
  ROOM_ERRORS,
  TRACK_ERRORS,
  asRoomId,
  asTrackId,
  type PlaybackState,
} from '@music-rooms/domain';
import { describe, expect, test } from '../helpers/fixtures';
import { command, livePlayer, playerView, sendCommand, shortTracks } from '../helpers/player';
import { tabSocket } from '../helpers/presence';
import { createRoom, expectRefused, newRoomPerson } from '../helpers/rooms';
import { createTrack } from '../helpers/tracks';
import { insertPlaylist } from '../../src/services/tracks/playlist-store';
import type { TestApp } from '../helpers/app';
import { roomUsers } from '../../src/db/schema';

/** A room of the owner's with three minute-long tracks, and the owner's client. */
async function roomWithTracks(t: TestApp) {
  const owner = await newRoomPerson(t);
  const room = await createRoom(t, { owner: owner.user });
  const tracks = await shortTracks(t, room, [60_000, 60_000, 60_000]);
  return { owner, room, roomId: asRoomId(room.id), tracks };
}

describe('player commands', () => {
  test('play, pause, seek, next, previous, select, repeat and shuffle, each one revision on', async ({
    t,
  }) => {
    const { owner, room, roomId, tracks } = await roomWithTracks(t);
    const [a, b, c] = tracks as [(typeof tracks)[0], (typeof tracks)[0], (typeof tracks)[0]];
    // Eleven commands back to back are more than one person may send in a second
    // (PLAYER_LIMITS): an admin of the room sends every other one.
    const admin = await newRoomPerson(t);
    await t.app.database.db
      .insert(roomUsers)
      .values({ roomId: room.id, userId: admin.user.id, role: 'admin', invitedBy: owner.user.id });
    const first = await playerView(owner.client, roomId);
    expect(first).toMatchObject({ track: null, next: null, canControl: true, canHandOver: true });
    expect(first.state).toMatchObject({ trackId: null, playing: false, revision: 0 });

    const before = Date.now();
    let state = await command(owner.client, roomId, 0, { type: 'play' });
    const after = Date.now();
    expect(state).toMatchObject({ trackId: a.id, playing: true, positionMs: 0, revision: 1 });
    // Everyone starts on the same instant, a lead into the future.
    expect(state.atServerMs).toBeGreaterThan(before + PLAY_LEAD_MS - 1);
    expect(state.atServerMs).toBeLessThan(after + PLAY_LEAD_MS + 1);

    const steps: [Parameters<typeof command>[3], Partial<PlaybackState>][] = [
      [{ type: 'pause' }, { trackId: a.id, playing: false }],
      [
        { type: 'seek', positionMs: 9_000_000 },
        { positionMs: 60_000, playing: false },
      ],
      [
        { type: 'seek', positionMs: 30_000 },
        { positionMs: 30_000, playing: false },
      ],
      [{ type: 'play' }, { positionMs: 30_000, playing: true }],
      [{ type: 'next' }, { trackId: b.id, positionMs: 0, playing: true }],
      [{ type: 'previous' }, { trackId: a.id, positionMs: 0 }],
      [
        { type: 'select', trackId: c.id },
        { trackId: c.id, durationMs: 60_000 },
      ],
      [
        { type: 'repeat', mode: 'all' },
        { repeat: 'all', trackId: c.id },
      ],
      [{ type: 'next' }, { trackId: a.id, playing: true }],
      [{ type: 'shuffle', on: true }, { shuffle: true }],
    ];
    for (const [index, [step, expected]] of steps.entries()) {
      const sender = index % 2 === 0 ? admin : owner;
      const next = await command(sender.client, roomId, state.revision, step);
      expect(next, JSON.stringify(step)).toMatchObject({
        ...expected,
        revision: state.revision + 1,
      });
      state = next;
    }
    const view = await playerView(owner.client, roomId);
    expect(view.state).toEqual(state);
    expect(view.track).toMatchObject({ _id: a.id, title: a.title, roomId: room.id });
    expect(view.next?._id).not.toBe(a.id);
  });

  test('select may name another playlist of the room, whose tracks become the queue', async ({
    t,
  }) => {
    const { owner, room, roomId } = await roomWithTracks(t);
    const db = t.app.database.db;
    const list = await insertPlaylist(db, { roomId, name: 'Evening', createdBy: owner.user.id });
    const [x, y] = [
      await createTrack(t, { room, playlistId: list.id, durationMs: 60_000 }),
      await createTrack(t, { room, playlistId: list.id, durationMs: 60_000 }),
    ];
    const selected = await command(owner.client, roomId, 0, {
      type: 'select',
      trackId: x!.id,
      playlistId: list.id,
    });
    expect(selected).toMatchObject({ playlistId: list.id, trackId: x!.id, playing: true });
    const next = await command(owner.client, roomId, selected.revision, { type: 'next' });
    expect(next).toMatchObject({ playlistId: list.id, trackId: y!.id });
    expect((await playerView(owner.client, roomId)).track?.playlistIds).toContain(list.id);

    const elsewhere = await createRoom(t, { owner: owner.user });
    const foreign = await insertPlaylist(db, {
      roomId: asRoomId(elsewhere.id),
      name: 'Not here',
      createdBy: owner.user.id,
    });
    const res = await sendCommand(owner.client, roomId, next.revision, {
      type: 'select',
      trackId: x!.id,
      playlistId: foreign.id,
    });
    expectRefused(res, TRACK_ERRORS.playlistNotFound);
  });

  test('a command that changes nothing answers the state as it is', async ({ t }) => {
    const { owner, roomId } = await roomWithTracks(t);
    const empty = await createRoom(t, { owner: owner.user });
    const nothing = await command(owner.client, asRoomId(empty.id), 0, { type: 'play' });
    expect(nothing).toMatchObject({ trackId: null, playing: false, revision: 0 });

    const playing = await command(owner.client, roomId, 0, { type: 'play' });
    for (const unchanged of [
      { type: 'play' },
      { type: 'repeat', mode: 'off' },
      { type: 'shuffle', on: false },
      { type: 'select', trackId: asTrackId('00000000-0000-4000-8000-000000000000') },
    ] as const) {
      expect(await command(owner.client, roomId, playing.revision, unchanged)).toEqual(playing);
    }
    expect((await playerView(owner.client, roomId)).state.revision).toBe(playing.revision);
  });

  test('a command that saw an older revision is refused with the current one', async ({ t }) => {
    const { owner, roomId } = await roomWithTracks(t);
    const playing = await command(owner.client, roomId, 0, { type: 'play' });
    const res = await sendCommand(owner.client, roomId, 0, { type: 'pause' });
    expectRefused(res, PLAYER_ERRORS.staleRevision);
    expect(res.body.errorData).toMatchObject({ code: 'conflict', revision: playing.revision });
    expect((await playerView(owner.client, roomId)).state).toEqual(playing);
  });

  test('of commands that saw the same state, exactly one wins', async ({ t }) => {
    const owner = await newRoomPerson(t);
    const others = await Promise.all([1, 2, 3].map(() => newRoomPerson(t)));
    const room = await createRoom(t, {
      owner: owner.user,
      members: others.map((person) => ({ user: person.user, role: 'participant' as const })),
    });
    await shortTracks(t, room, [60_000, 60_000]);
    const roomId = asRoomId(room.id);
    const start = await command(owner.client, roomId, 0, { type: 'play' });
    const clients = [owner.client, ...others.map((person) => person.client)];
    const answers = await Promise.all(
      clients.map((client, i) =>
        sendCommand(client, roomId, start.revision, { type: 'seek', positionMs: 1000 * i }),
      ),
    );
    const won = answers.filter((res) => res.body.status === 'success');
    expect(won).toHaveLength(1);
    for (const res of answers.filter((answer) => answer.body.status !== 'success')) {
      expectRefused(res, PLAYER_ERRORS.staleRevision);
      expect(res.body.errorData.revision).toBe(start.revision + 1);
    }
    const final = await playerView(owner.client, roomId);
    expect(final.state).toEqual((won[0]!.body.value as { state: PlaybackState }).state);
  });

  test('viewers, guests and strangers are refused, also when they send commands by hand', async ({
    t,
    f,
  }) => {
    const { owner, roomId } = await roomWithTracks(t);
    const viewer = await newRoomPerson(t);
    const stranger = await newRoomPerson(t);
    const watched = await createRoom(t, {
      owner: owner.user,
      members: [{ user: viewer.user, role: 'viewer' }],
    });
    await shortTracks(t, watched, [60_000]);
    const watchedId = asRoomId(watched.id);
    expect(await playerView(viewer.client, watchedId)).toMatchObject({
      canControl: false,
      canHandOver: false,
    });
    const play = { type: 'play' } as const;
    expectRefused(
      await sendCommand(viewer.client, watchedId, 0, play),
      ROOM_ERRORS.insufficientPermissions,
    );
    expectRefused(await sendCommand(f.guest(), watchedId, 0, play), ROOM_ERRORS.notSignedIn);
    expectRefused(await sendCommand(stranger.client, roomId, 0, play), ROOM_ERRORS.forbidden);
    expect((await playerView(owner.client, watchedId)).state.revision).toBe(0);
  });

  test('every command reaches the live query of everyone watching the room', async ({ t }) => {
    const { owner, roomId, tracks } = await roomWithTracks(t);
    const socket = await tabSocket(t);
    try {
      const live = await livePlayer(socket, roomId);
      expect(live.latest()).toMatchObject({ canControl: false, state: { revision: 0 } });
      const playing = await command(owner.client, roomId, 0, { type: 'play' });
      const heard = await live.until((view) => view.state.revision === playing.revision);
      expect(heard.state).toEqual(playing);
      expect(heard.track?._id).toBe(tracks[0]!.id);
      expect(heard.next?._id).toBe(tracks[1]!.id);
      const paused = await command(owner.client, roomId, playing.revision, { type: 'pause' });
      expect((await live.until((view) => !view.state.playing)).state).toEqual(paused);
    } finally {
      socket.close();
    }
  });
});
