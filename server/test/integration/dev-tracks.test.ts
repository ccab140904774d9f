import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import {
  DEV_TRACK_ERRORS,
  PLATFORM_ERRORS,
  devTrackMediaPath,
  type DevDuplicates,
  type DevJobProgress,
  type DevLoudness,
} from '@music-rooms/domain';
import { jobs } from '../../src/db/schema-jobs';
import { yandexImportItems } from '../../src/db/schema-imports';
import { playlistTrackIds } from '../../src/services/tracks/entry-store';
import { insertPlaylist } from '../../src/services/tracks/playlist-store';
import { findTrack } from '../../src/services/tracks/store';
import { makeAudioFixture } from '../helpers/audio-fixtures';
import { eventually } from '../helpers/eventually';
import { describe, expect, test } from '../helpers/fixtures';
import { createRoom, expectRefused } from '../helpers/rooms';
import { createTrack } from '../helpers/tracks';

const hash = (n: number) => n.toString(16).padStart(64, '0');

describe('/dev/duplicates', () => {
  test('groups a room’s copies by bytes, or by artist and title within 2 s', async ({ t, f }) => {
    const { user, client } = await f.signedInUser({ superAdmin: true });
    const room = await createRoom(t, { owner: user, name: 'Dupes A' });
    const other = await createRoom(t, { owner: user, name: 'Dupes B' });
    const same1 = await createTrack(t, { room, title: 'One', contentHash: hash(1) });
    const same2 = await createTrack(t, { room, title: 'One (copy)', contentHash: hash(1) });
    const tags1 = await createTrack(t, {
      room,
      title: 'Song',
      artist: 'Band',
      durationMs: 200_000,
    });
    const tags2 = await createTrack(t, {
      room,
      title: 'SONG',
      artist: 'band',
      durationMs: 201_900,
    });
    // Too far apart, another room, and no artist: none of these is a copy.
    await createTrack(t, { room, title: 'Song', artist: 'Band', durationMs: 210_000 });
    await createTrack(t, { room: other, title: 'Song', artist: 'Band', durationMs: 200_000 });
    await createTrack(t, { room, title: 'Song', durationMs: 200_000 });

    const all = (await client.call('devTracks.duplicates', {})).body.value as DevDuplicates;
    const ofRoom = all.groups.filter((group) => group.room.id === room.id);
    expect(ofRoom.map((group) => [group.reason, group.tracks.map((track) => track.id)])).toEqual(
      expect.arrayContaining([
        ['sameContent', [same1.id, same2.id]],
        ['sameTags', [tags1.id, tags2.id]],
      ]),
    );
    expect(ofRoom).toHaveLength(2);
    expect(all.rooms.map((r) => r.name)).toEqual(expect.arrayContaining(['Dupes A', 'Dupes B']));
    const justOther = (await client.call('devTracks.duplicates', { roomId: other.id })).body
      .value as DevDuplicates;
    expect(justOther.groups).toEqual([]);
  });

  test('keeps one copy and deletes the others with their files', async ({ t, f }) => {
    const { user, client } = await f.signedInUser({ superAdmin: true });
    const room = await createRoom(t, { owner: user });
    const keep = await createTrack(t, { room, title: 'Keep', contentHash: hash(2) });
    const drop = await createTrack(t, { room, title: 'Drop', contentHash: hash(2), album: 'A' });
    const answer = await client.call('devTracks.resolveDuplicates', {
      keepId: keep.id,
      removeIds: [drop.id],
      resolution: 'delete',
    });
    expect(answer.body.value).toEqual({ removed: 1 });
    const db = t.app.database.db;
    expect(await findTrack(db, drop.id)).toBeNull();
    expect(await t.app.tracksRuntime.storage.stat(drop.audioKey!)).toBeNull();
    expect(await findTrack(db, keep.id)).toMatchObject({ album: null });
  });

  test('the copy kept takes the places of the others in the playlists it was not in', async ({
    t,
    f,
  }) => {
    const { user, client } = await f.signedInUser({ superAdmin: true });
    const room = await createRoom(t, { owner: user });
    const db = t.app.database.db;
    const evening = await insertPlaylist(db, {
      roomId: room.id,
      name: 'Evening',
      createdBy: user.id,
    });
    const first = await createTrack(t, { room, playlistId: evening.id, title: 'First' });
    const keep = await createTrack(t, { room, title: 'Keep', contentHash: hash(3) });
    const drop = await createTrack(t, { room, playlistId: evening.id, contentHash: hash(3) });
    await createTrack(t, { room, playlistId: evening.id, title: 'Last' });
    await client.call('devTracks.resolveDuplicates', {
      keepId: keep.id,
      removeIds: [drop.id],
      resolution: 'delete',
    });
    expect(await playlistTrackIds(db, evening.id)).toEqual([first.id, keep.id, expect.anything()]);
    expect(await playlistTrackIds(db, keep.playlistId)).toEqual([keep.id]);
  });

  test('merges into the chosen copy: it takes what it lacked and what named the others', async ({
    t,
    f,
  }) => {
    const { user, client } = await f.signedInUser({ superAdmin: true });
    const room = await createRoom(t, { owner: user });
    const storage = t.app.tracksRuntime.storage;
    const coverKey = `covers/merge-${Date.now()}.webp`;
    await storage.putBuffer(coverKey, Buffer.from('webp'), 'image/webp');
    const keep = await createTrack(t, { room, title: 'Keep', artist: 'X', durationMs: 100_000 });
    const drop = await createTrack(t, {
      room,
      title: 'keep',
      artist: 'x',
      durationMs: 101_000,
      album: 'The album',
      isrc: 'GBAAA0000001',
      coverKey,
      coverVersion: 7,
      artistExternalIds: { yandexMusic: '42' },
    });
    const answer = await client.call('devTracks.resolveDuplicates', {
      keepId: keep.id,
      removeIds: [drop.id],
      resolution: 'merge',
    });
    expect(answer.body.value).toEqual({ removed: 1 });
    expect(await findTrack(t.app.database.db, keep.id)).toMatchObject({
      album: 'The album',
      isrc: 'GBAAA0000001',
      coverKey,
      artistExternalIds: { yandexMusic: '42' },
    });
    // The cover the kept copy took stays; the removed copy's audio goes.
    expect(await storage.stat(coverKey)).not.toBeNull();
    expect(await storage.stat(drop.audioKey!)).toBeNull();
    const items = await t.app.database.db
      .select()
      .from(yandexImportItems)
      .where(eq(yandexImportItems.trackId, drop.id));
    expect(items).toEqual([]);
  });

  test('refuses tracks that are not copies of the kept one, and changes nothing', async ({
    t,
    f,
  }) => {
    const { user, client } = await f.signedInUser({ superAdmin: true });
    const room = await createRoom(t, { owner: user });
    const other = await createRoom(t, { owner: user });
    const keep = await createTrack(t, { room, contentHash: hash(3) });
    const elsewhere = await createTrack(t, { room: other, contentHash: hash(3) });
    const unlike = await createTrack(t, { room, contentHash: hash(4) });
    for (const removeIds of [[elsewhere.id], [unlike.id], [keep.id]]) {
      expectRefused(
        await client.call('devTracks.resolveDuplicates', {
          keepId: keep.id,
          removeIds,
          resolution: 'delete',
        }),
        DEV_TRACK_ERRORS.notDuplicates,
      );
    }
    const db = t.app.database.db;
    for (const track of [keep, elsewhere, unlike])
      expect(await findTrack(db, track.id)).not.toBeNull();
  });
});

describe('/dev/audio-normalize', () => {
  test('measures a track’s loudness and true peak again in a background job', async ({ t, f }) => {
    const { user, client } = await f.signedInUser({ superAdmin: true });
    const room = await createRoom(t, { owner: user, name: 'Loud room' });
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'loudness-'));
    const file = await makeAudioFixture(dir, 'flac', { seconds: 3, gainDb: 6 });
    const audioKey = `audio/loudness-${Date.now()}`;
    await t.app.tracksRuntime.storage.putFile(audioKey, file, 'audio/flac');
    const track = await createTrack(t, { room, title: 'Loud tone', audioKey, mime: 'audio/flac' });
    await fs.rm(dir, { recursive: true, force: true });

    const started = await client.call('devTracks.measureLoudness', { trackId: track.id });
    expect((started.body.value as DevJobProgress).total).toBe(1);
    const measured = await eventually(async () => {
      const list = (await client.call('devTracks.loudness', { search: 'Loud tone' })).body
        .value as DevLoudness;
      expect(list.progress).toMatchObject({ done: 1, total: 1 });
      expect(list.tracks[0]).toMatchObject({ measuring: false });
      return list.tracks[0]!;
    });
    expect(measured).toMatchObject({ id: track.id, room: { name: 'Loud room' } });
    // ffmpeg's sine peaks at -18 dBFS; 6 dB up: a -12 dBTP peak, about -15 LUFS.
    expect(measured.loudnessLufs).toBeGreaterThan(-17);
    expect(measured.loudnessLufs).toBeLessThan(-13);
    expect(measured.truePeakDb).toBeGreaterThan(-13);
    expect(measured.truePeakDb).toBeLessThan(-11);
  });

  test('measuring all queues every ready track once, in the background', async ({ t, f }) => {
    const { user, client } = await f.signedInUser({ superAdmin: true });
    await t.app.jobs.stop();
    try {
      const room = await createRoom(t, { owner: user });
      await createTrack(t, { room });
      await createTrack(t, { room, status: 'processing' });
      const first = (await client.call('devTracks.measureLoudness', {})).body
        .value as DevJobProgress;
      expect(first.queued).toBe(first.total);
      expect(first.total).toBeGreaterThan(0);
      // What is already queued is not queued twice.
      const again = (await client.call('devTracks.measureLoudness', {})).body
        .value as DevJobProgress;
      expect(again.total).toBe(0);
      const queued = await t.app.database.db
        .select()
        .from(jobs)
        .where(sql`${jobs.kind} = 'loudness-measure' and ${jobs.status} = 'queued'`);
      expect(queued.every((job) => job.background)).toBe(true);
    } finally {
      await t.app.database.db.delete(jobs).where(eq(jobs.kind, 'loudness-measure'));
      t.app.jobs.start();
    }
  });
});

describe('the track tools refuse everyone but a super administrator', () => {
  test('each function answers "not found" to a user and a guest, and changes nothing', async ({
    t,
    f,
  }) => {
    const { user, client } = await f.signedInUser();
    const room = await createRoom(t, { owner: user });
    const keep = await createTrack(t, { room, contentHash: hash(9) });
    const copy = await createTrack(t, { room, contentHash: hash(9) });
    for (const caller of [client, f.guest()]) {
      const calls = [
        caller.call('devTracks.duplicates', {}),
        caller.call('devTracks.resolveDuplicates', {
          keepId: keep.id,
          removeIds: [copy.id],
          resolution: 'delete',
        }),
        caller.call('devTracks.loudness', { search: '' }),
        caller.call('devTracks.measureLoudness', { trackId: keep.id }),
        caller.call('spotify.roomMatches', { roomId: room.id }),
        caller.call('spotify.matchRoom', { roomId: room.id }),
      ];
      for (const answer of await Promise.all(calls)) {
        expectRefused(answer, PLATFORM_ERRORS.notFound);
      }
      for (const which of ['audio', 'cover'] as const) {
        expect((await caller.fetch(devTrackMediaPath(keep.id, which))).status).toBe(404);
      }
    }
    expect(await findTrack(t.app.database.db, copy.id)).not.toBeNull();
    const queued = await t.app.database.db
      .select()
      .from(jobs)
      .where(sql`${jobs.payload}->>'trackId' = ${keep.id}`);
    expect(queued).toEqual([]);
  });

  test('a super administrator fetches any room’s audio through the developer address', async ({
    t,
    f,
  }) => {
    const { user } = await f.signedInUser();
    const { client } = await f.signedInUser({ superAdmin: true });
    const room = await createRoom(t, { owner: user, visibility: 'inviteOnly' });
    const track = await createTrack(t, { room });
    const answer = await client.fetch(devTrackMediaPath(track.id, 'audio'));
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe('ID3 test bytes');
  });
});
