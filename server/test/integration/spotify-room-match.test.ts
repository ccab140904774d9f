import { and, eq, sql } from 'drizzle-orm';
import { DEV_TRACK_ERRORS, SPOTIFY_LIMITS, type SpotifyRoomMatches } from '@music-rooms/domain';
import { jobs } from '../../src/db/schema-jobs';
import { findTrack } from '../../src/services/tracks/store';
import { eventually } from '../helpers/eventually';
import { describe, expect, test as base } from '../helpers/fixtures';
import { createRoom, expectRefused } from '../helpers/rooms';
import { SpotifyDouble } from '../helpers/spotify-double';
import { createTrack } from '../helpers/tracks';

const test = base
  // Vitest reads a fixture's dependencies from its first parameter's pattern: none here.
  // eslint-disable-next-line no-empty-pattern
  .extend('spotify', { scope: 'file' }, async ({}, { onCleanup }) => {
    const spotify = await new SpotifyDouble().start();
    onCleanup(() => spotify.close());
    return spotify;
  })
  .extend('appEnv', { scope: 'file' }, ({ spotify }) => spotify.env);

const seeded = (spotify: SpotifyDouble) =>
  spotify
    .addArtist({ id: 'artistKino', name: 'Кино' })
    .addArtist({ id: 'artistOther', name: 'Someone Else' })
    .addTrack({
      id: 'trackPachka',
      name: 'Пачка сигарет',
      artistIds: ['artistKino'],
      album: 'Звезда по имени Солнце',
      durationMs: 268_000,
      isrc: 'RUA1D8900001',
    })
    .addTrack({
      id: 'trackZvezda',
      name: 'Звезда по имени Солнце',
      artistIds: ['artistKino'],
      album: 'Звезда по имени Солнце',
      durationMs: 225_000,
    })
    .addTrack({
      id: 'trackLetoCover',
      name: 'Лето',
      artistIds: ['artistOther'],
      album: 'Covers',
      durationMs: 300_000,
    });

const progressOf = (answer: { body: { value?: unknown } }) =>
  (answer.body.value as SpotifyRoomMatches).progress;

describe('Spotify: match all in room', () => {
  test('keeps only sure matches, as a confirmed one is kept, and says why the rest are not', async ({
    t,
    f,
    spotify,
  }) => {
    seeded(spotify);
    const { user, client } = await f.signedInUser({ superAdmin: true });
    const room = await createRoom(t, { owner: user, name: 'Kino room' });
    const byIsrc = await createTrack(t, {
      room,
      title: 'Пачка',
      artist: 'Кино',
      isrc: 'rua1d8900001',
    });
    const byName = await createTrack(t, {
      room,
      title: 'Звезда по имени Солнце',
      artist: 'Кино',
      durationMs: 225_400,
    });
    const otherLength = await createTrack(t, {
      room,
      title: 'Пачка сигарет',
      artist: 'Кино',
      durationMs: 290_000,
    });
    const nothing = await createTrack(t, { room, title: 'Unknown song', artist: 'Nobody' });
    const already = await createTrack(t, { room, title: 'Kept', spotifyId: 'keptBefore' });

    const started = await client.call('spotify.matchRoom', { roomId: room.id });
    expect(progressOf(started)?.total).toBe(4);
    const done = await eventually(async () => {
      const answer = await client.call('spotify.roomMatches', { roomId: room.id });
      expect(progressOf(answer)).toMatchObject({ done: 4, queued: 0, running: 0 });
      return answer.body.value as SpotifyRoomMatches;
    });
    const byTrack = new Map(done.items.map((item) => [item.trackId, item]));
    expect(byTrack.get(byIsrc.id)).toMatchObject({ matched: true, reason: 'isrc', confidence: 1 });
    expect(byTrack.get(byName.id)).toMatchObject({ matched: true, reason: 'artistTitleDuration' });
    expect(byTrack.get(otherLength.id)).toMatchObject({
      matched: false,
      reason: 'lowConfidence',
      spotifyId: 'trackPachka',
    });
    expect(byTrack.get(otherLength.id)!.confidence).toBeLessThan(
      SPOTIFY_LIMITS.autoMatchConfidence,
    );
    expect(byTrack.get(nothing.id)).toMatchObject({ matched: false, reason: 'noCandidates' });
    expect(byTrack.has(already.id)).toBe(false);
    // Unmatched first.
    expect(done.items.slice(0, 2).every((item) => !item.matched)).toBe(true);

    const db = t.app.database.db;
    expect(await findTrack(db, byIsrc.id)).toMatchObject({
      spotifyId: 'trackPachka',
      artistExternalIds: { spotify: 'artistKino' },
    });
    expect(await findTrack(db, byName.id)).toMatchObject({
      spotifyId: 'trackZvezda',
      isrc: null,
    });
    expect(await findTrack(db, otherLength.id)).toMatchObject({ spotifyId: null });
    expect(done.rooms.find((r) => r.id === room.id)).toMatchObject({ tracks: 5, matched: 3 });
  });

  test('a long Retry-After puts the track back for that long, without counting an attempt', async ({
    t,
    f,
    spotify,
  }) => {
    seeded(spotify);
    const { user, client } = await f.signedInUser({ superAdmin: true });
    const room = await createRoom(t, { owner: user });
    const track = await createTrack(t, {
      room,
      title: 'Пачка',
      artist: 'Кино',
      isrc: 'RUA1D8900001',
    });
    const longWait = SPOTIFY_LIMITS.retryAfterWaitMaxMs / 1000 + 50;
    spotify.rateLimitNext = 1;
    spotify.retryAfterSeconds = longWait;
    await client.call('spotify.matchRoom', { roomId: room.id });
    const db = t.app.database.db;
    const ofTrack = and(
      eq(jobs.kind, 'spotify-match'),
      sql`${jobs.payload}->>'trackId' = ${track.id}`,
    );
    const waiting = await eventually(async () => {
      const [job] = await db
        .select({
          status: jobs.status,
          attempts: jobs.attempts,
          lastError: jobs.lastError,
          waitS: sql<number>`extract(epoch from ${jobs.runAfter} - now())::float`,
        })
        .from(jobs)
        .where(ofTrack);
      expect(job).toMatchObject({ status: 'queued', attempts: 0, lastError: expect.any(String) });
      return job!;
    });
    expect(waiting.waitS).toBeGreaterThan(longWait - 10);
    expect(waiting.waitS).toBeLessThanOrEqual(longWait);
    expectRefused(
      await client.call('spotify.matchRoom', { roomId: room.id }),
      DEV_TRACK_ERRORS.alreadyRunning,
    );

    // The wait is over: the job runs again and matches.
    await db
      .update(jobs)
      .set({ runAfter: sql`now()` })
      .where(ofTrack);
    t.app.jobs.wake();
    await eventually(async () => {
      const answer = await client.call('spotify.roomMatches', { roomId: room.id });
      expect(progressOf(answer)).toMatchObject({ done: 1, total: 1 });
    });
    expect(await findTrack(db, track.id)).toMatchObject({ spotifyId: 'trackPachka' });
  });
});
