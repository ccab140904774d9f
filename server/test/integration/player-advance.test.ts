import { and, eq, sql } from 'drizzle-orm';
import { PLAY_LEAD_MS, TOPICS, asRoomId, type RoomId } from '@music-rooms/domain';
import { describe, expect, test } from '../helpers/fixtures';
import {
  command,
  commandOnLatest,
  livePlayer,
  playerView,
  shortTracks,
  storedPlayback,
  storedUntil,
} from '../helpers/player';
import { tabSocket } from '../helpers/presence';
import { createRoom, newRoomPerson } from '../helpers/rooms';
import type { TestApp } from '../helpers/app';
import { jobs, tracks } from '../../src/db/schema';
import { ADVANCE_JOB } from '../../src/services/player/playback';

/** A room of the owner's with short tracks; nobody has its page open. */
async function quietRoom(t: TestApp, durations: readonly number[]) {
  const owner = await newRoomPerson(t);
  const room = await createRoom(t, { owner: owner.user });
  const made = await shortTracks(t, room, durations);
  return { owner, roomId: asRoomId(room.id), tracks: made };
}

/** The room's advance timers still in the jobs table. */
function timersOf(t: TestApp, roomId: RoomId) {
  return t.app.database.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, ADVANCE_JOB), sql`${jobs.payload}->>'roomId' = ${roomId}`));
}

describe('the end of a track, with nobody in the room', () => {
  test('the next track starts exactly where the last ended; after the last, the player stops', async ({
    t,
  }) => {
    // Each track is read while it plays: tracks of 300 ms were over before a loaded machine
    // read the row (seen: the test waited for the second track while the player had stopped).
    const TRACK_MS = 1500;
    const { owner, roomId, tracks: made } = await quietRoom(t, [TRACK_MS, TRACK_MS, TRACK_MS]);
    const [a, b, c] = made as [(typeof made)[0], (typeof made)[0], (typeof made)[0]];
    const started = await command(owner.client, roomId, 0, { type: 'play' });
    const onB = await storedUntil(t, roomId, (row) => row.trackId === b.id);
    expect(onB).toMatchObject({ playing: true, positionMs: 0, revision: started.revision + 1 });
    expect(onB.atServerMs).toBe(started.atServerMs + TRACK_MS);
    const onC = await storedUntil(t, roomId, (row) => row.trackId === c.id);
    expect(onC.atServerMs).toBe(started.atServerMs + 2 * TRACK_MS);
    const stopped = await storedUntil(t, roomId, (row) => !row.playing);
    expect(stopped).toMatchObject({ trackId: a.id, positionMs: 0, advanceJobId: null });
    // Each timer leaves nothing behind once it has run.
    expect(await timersOf(t, roomId)).toEqual([]);
  });

  test('repeat one plays the track again; repeat all goes back to the first', async ({ t }) => {
    const TRACK_MS = 1000;
    // Tracks of a second: a loaded machine may read the stored row a few hundred ms late.
    const { owner, roomId, tracks: made } = await quietRoom(t, [TRACK_MS, TRACK_MS]);
    const [a, b] = made as [(typeof made)[0], (typeof made)[0]];
    const once = await command(owner.client, roomId, 0, { type: 'repeat', mode: 'one' });
    const started = await command(owner.client, roomId, once.revision, { type: 'play' });
    const again = await storedUntil(t, roomId, (row) => row.revision > started.revision);
    expect(again).toMatchObject({ trackId: a.id, positionMs: 0, playing: true });
    // Each time round starts exactly where the last one ended, however many were missed.
    expect(again.atServerMs - started.atServerMs).toBeGreaterThan(0);
    expect((again.atServerMs - started.atServerMs) % TRACK_MS).toBe(0);

    // A short track on repeat ends over and over: the command may need a second try.
    const all = await commandOnLatest(owner.client, roomId, { type: 'repeat', mode: 'all' });
    const onB = await storedUntil(t, roomId, (row) => row.trackId === b.id);
    const wrapped = await storedUntil(t, roomId, (row) => row.revision > onB.revision);
    expect(wrapped).toMatchObject({ trackId: a.id, playing: true, repeat: 'all' });
    expect(wrapped.atServerMs).toBe(onB.atServerMs + TRACK_MS);
    expect(all.repeat).toBe('all');
  });

  test('shuffle plays the track the player announced as next, never the same one', async ({
    t,
  }) => {
    // Long enough that the track announced is still the current one when read.
    const { owner, roomId } = await quietRoom(t, [2000, 2000, 2000, 2000, 2000]);
    const shuffled = await command(owner.client, roomId, 0, { type: 'shuffle', on: true });
    const started = await command(owner.client, roomId, shuffled.revision, { type: 'play' });
    const announced = await playerView(owner.client, roomId);
    expect(announced.state).toEqual(started);
    expect(announced.next).not.toBeNull();
    expect(announced.next?._id).not.toBe(started.trackId);
    const after = await storedUntil(t, roomId, (row) => row.revision > started.revision);
    expect(after.trackId).toBe(announced.next?._id);
  });

  test('a timer set for an older revision does nothing', async ({ t }) => {
    const { owner, roomId } = await quietRoom(t, [60_000, 60_000]);
    const started = await command(owner.client, roomId, 0, { type: 'play' });
    const paused = await command(owner.client, roomId, started.revision, { type: 'pause' });
    const db = t.app.database.db;
    const stale = await t.app.jobs.enqueue(db, ADVANCE_JOB, {
      roomId,
      revision: started.revision,
    });
    t.app.jobs.wake();
    // A timer that ran leaves no row.
    while ((await db.select().from(jobs).where(eq(jobs.id, stale))).length > 0) {
      await t.app.jobs.idle();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect((await playerView(owner.client, roomId)).state).toEqual(paused);
  });

  test('a live view hears the advance as it happens', async ({ t }) => {
    const { owner, roomId, tracks: made } = await quietRoom(t, [300, 60_000]);
    const socket = await tabSocket(t);
    try {
      const live = await livePlayer(socket, roomId);
      const started = await command(owner.client, roomId, 0, { type: 'play' });
      const heard = await live.until((view) => view.state.trackId === made[1]!.id);
      expect(heard.state.atServerMs).toBe(started.atServerMs + 300);
      expect(heard.track?._id).toBe(made[1]!.id);
    } finally {
      socket.close();
    }
  });
});

describe('a current track that goes away', () => {
  test('removed while playing: the one after it plays from a lead after the removal', async ({
    t,
  }) => {
    const { owner, roomId, tracks: made } = await quietRoom(t, [60_000, 60_000, 60_000]);
    const [, b, c] = made as [(typeof made)[0], (typeof made)[0], (typeof made)[0]];
    const onB = await command(owner.client, roomId, 0, { type: 'select', trackId: b.id });
    const removedAt = Date.now();
    const res = await owner.client.call('tracks.remove', { id: b.id });
    expect(res.body.status).toBe('success');
    const moved = await storedUntil(t, roomId, (row) => row.trackId === c.id);
    expect(moved).toMatchObject({ playing: true, positionMs: 0, revision: onB.revision + 1 });
    expect(moved.atServerMs).toBeGreaterThanOrEqual(removedAt + PLAY_LEAD_MS - 1);
    expect((await playerView(owner.client, roomId)).track?._id).toBe(c.id);
  });

  test('no longer ready while paused: the next one, paused at its start', async ({ t }) => {
    const { owner, roomId, tracks: made } = await quietRoom(t, [60_000, 60_000]);
    const [a, b] = made as [(typeof made)[0], (typeof made)[0]];
    const started = await command(owner.client, roomId, 0, { type: 'play' });
    const paused = await command(owner.client, roomId, started.revision, { type: 'pause' });
    await t.app.database.db.update(tracks).set({ status: 'processing' }).where(eq(tracks.id, a.id));
    await t.app.topics.publish([TOPICS.tracks(roomId)]);
    const moved = await storedUntil(t, roomId, (row) => row.revision > paused.revision);
    expect(moved).toMatchObject({ trackId: b.id, playing: false, positionMs: 0 });
  });

  test('the last one removed: the player stops with nothing to play', async ({ t }) => {
    const { owner, roomId, tracks: made } = await quietRoom(t, [60_000]);
    await command(owner.client, roomId, 0, { type: 'play' });
    await owner.client.call('tracks.remove', { id: made[0]!.id });
    const stopped = await storedUntil(t, roomId, (row) => row.trackId === null);
    expect(stopped).toMatchObject({ playing: false, advanceJobId: null });
    expect(await storedPlayback(t, roomId)).toMatchObject({ trackId: null });
  });
});
