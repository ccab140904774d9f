import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { asRoomId, type TrackDetails } from '@music-rooms/domain';
import { describe, expect, scratchDir, test } from '../helpers/fixtures';
import { findTracks } from '../../src/services/tracks/store';
import { makeAudioFixture } from '../helpers/audio-fixtures';
import { createRoom } from '../helpers/rooms';
import {
  audioMetadata,
  listTracks,
  tusUpload,
  waitForTrack,
  waitForUpload,
  type TusFailure,
} from '../helpers/tracks';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const scratch = test.extend('dir', { scope: 'file' }, scratchDir('tracks-upload-'));

describe('uploading a track', () => {
  scratch(
    'turns a tagged MP3 into a ready track with its tags, cover, waveform and loudness',
    async ({ t, f, dir }) => {
      const { user, client } = await f.signedInUser();
      const room = await createRoom(t, { owner: user });
      const file = await makeAudioFixture(dir, 'mp3', {
        seconds: 5,
        tags: {
          title: 'Morning Light',
          artist: 'The Fixtures',
          album: 'Tests',
          year: 2021,
          genre: 'Ambient',
        },
        cover: '#2266aa',
      });
      const url = await tusUpload(
        t,
        client,
        file,
        audioMetadata(asRoomId(room.id), 'whatever.mp3'),
      );
      expect(url).toMatch(/\/api\/uploads\/upload-[0-9a-f]{32}$/);
      const track = await waitForTrack(client, asRoomId(room.id), (x) => x.status === 'ready');
      expect(track).toMatchObject({
        title: 'Morning Light',
        artist: 'The Fixtures',
        album: 'Tests',
        year: 2021,
        genre: 'Ambient',
        source: 'upload',
        uploadedBy: { _id: user.id },
      });
      expect(track.durationMs).toBeGreaterThan(4900);
      expect(track.durationMs).toBeLessThan(5200);
      expect(track.loudnessLufs).toBeLessThan(-15);
      expect(track.coverVersion).not.toBeNull();

      const details = (await client.call('tracks.get', { id: track._id })).body
        .value as TrackDetails;
      expect(details.waveform.length).toBe(500);
      expect(details.format).toBe('mp3');
      expect(details.originalFileName).toBe('whatever.mp3');
      expect(details.external).toBeNull();
      expect(details.hasFileCover).toBe(true);
      // Its cover is already the file's own: nothing to go back to.
      expect(details.coverIsFileCover).toBe(true);

      const cover = await client.fetch(`/api/tracks/${track._id}/cover`);
      expect(cover.status).toBe(200);
      const meta = await sharp(Buffer.from(await cover.arrayBuffer())).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 });

      const audio = await client.fetch(`/api/tracks/${track._id}/audio`);
      expect(audio.headers.get('content-type')).toBe('audio/mpeg');
      expect(sha256(Buffer.from(await audio.arrayBuffer()))).toBe(sha256(await fs.readFile(file)));
    },
  );

  scratch('answers Range requests byte-exactly, with validators', async ({ t, f, dir }) => {
    const { user, client } = await f.signedInUser();
    const room = await createRoom(t, { owner: user });
    const file = await makeAudioFixture(dir, 'wav', { seconds: 1 });
    const source = await fs.readFile(file);
    await tusUpload(t, client, file, audioMetadata(asRoomId(room.id), 'tone.wav'));
    const track = await waitForTrack(client, asRoomId(room.id), (x) => x.status === 'ready');
    // A WAV without a cover: nothing for "Use the file's cover" to go back to.
    const details = (await client.call('tracks.get', { id: track._id })).body.value as TrackDetails;
    expect(details.hasFileCover).toBe(false);
    const base = `/api/tracks/${track._id}/audio`;

    const part = await client.fetch(base, { headers: { range: 'bytes=100-1123' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-1123/${source.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(source.subarray(100, 1124))).toBe(true);

    const tail = await client.fetch(base, { headers: { range: 'bytes=-10' } });
    expect(Buffer.from(await tail.arrayBuffer()).equals(source.subarray(-10))).toBe(true);

    const open = await client.fetch(base, { headers: { range: `bytes=${source.length - 5}-` } });
    expect(Buffer.from(await open.arrayBuffer()).equals(source.subarray(-5))).toBe(true);

    const past = await client.fetch(base, { headers: { range: `bytes=${source.length}-` } });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${source.length}`);

    const etag = part.headers.get('etag')!;
    const again = await client.fetch(base, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(part.headers.get('cache-control')).toMatch(/^private/);
  });

  scratch('titles an untagged file from its name', async ({ t, f, dir }) => {
    const { user, client } = await f.signedInUser();
    const room = await createRoom(t, { owner: user });
    const file = await makeAudioFixture(dir, 'wav', { seconds: 1 });
    await tusUpload(
      t,
      client,
      file,
      audioMetadata(asRoomId(room.id), '07 - Кино - Группа крови [Official Video].wav'),
    );
    const track = await waitForTrack(client, asRoomId(room.id), (x) => x.status === 'ready');
    expect(track).toMatchObject({ artist: 'Кино', title: 'Группа крови' });
  });

  scratch(
    'fails a renamed text file with a clear reason, and keeps a truncated MP3 with the duration it can play',
    async ({ t, f, dir }) => {
      const { user, client } = await f.signedInUser();
      const room = await createRoom(t, { owner: user });
      const roomId = asRoomId(room.id);
      const text = Buffer.from('Just some notes, not a song.\n'.repeat(200));
      const textUrl = await tusUpload(t, client, text, audioMetadata(roomId, 'song.mp3'));
      const failed = await waitForUpload(client, roomId, textUrl);
      expect(failed).toMatchObject({
        status: 'failed',
        failure: 'tracks.errors.unsupportedFormat',
      });
      // The refusal is the uploader's to read in the upload panel: the room's list, its count
      // and everyone else never see a failed track.
      for (const viewer of [client, f.guest()]) {
        const { tracks, stats } = await listTracks(viewer, roomId);
        expect(tracks).toEqual([]);
        expect(stats.count).toBe(0);
      }
      // Dismissing it in the panel removes the failed track itself.
      expect(await findTracks(t.app.database.db, [failed.trackId!])).toHaveLength(1);
      const cancel = await client.call('uploads.cancel', { uploadId: failed.uploadId });
      expect(cancel.body.status, JSON.stringify(cancel.body)).toBe('success');
      expect(await findTracks(t.app.database.db, [failed.trackId!])).toEqual([]);

      // Its header still claims 10 s; what can be played is the first 3.7 s.
      const whole = await fs.readFile(await makeAudioFixture(dir, 'mp3', { seconds: 10 }));
      const truncated = whole.subarray(0, Math.floor(whole.length * 0.37));
      await tusUpload(t, client, truncated, audioMetadata(roomId, 'Cut - Short.mp3'));
      const track = await waitForTrack(
        client,
        roomId,
        (x) => x.title === 'Short' && x.status !== 'processing',
      );
      expect(track.status).toBe('ready');
      expect(track.durationMs).toBeGreaterThan(3300);
      expect(track.durationMs).toBeLessThan(4100);
    },
  );

  scratch('counts the playlist stats of the room', async ({ t, f, dir }) => {
    const { user, client } = await f.signedInUser();
    const room = await createRoom(t, { owner: user });
    const roomId = asRoomId(room.id);
    for (const [index, seconds] of [2, 3].entries()) {
      const file = await makeAudioFixture(dir, 'flac', { seconds, frequency: 300 + index * 100 });
      await tusUpload(t, client, file, audioMetadata(roomId, `Artist - Song ${index}.flac`));
    }
    await waitForTrack(client, roomId, (x) => x.title === 'Song 1' && x.status === 'ready');
    await waitForTrack(client, roomId, (x) => x.title === 'Song 0' && x.status === 'ready');
    const { stats, tracks } = await listTracks(client, roomId);
    expect(stats.count).toBe(2);
    expect(stats.totalDurationMs).toBe(tracks[0]!.durationMs + tracks[1]!.durationMs);
    expect(stats.totalSizeBytes).toBe(tracks[0]!.sizeBytes + tracks[1]!.sizeBytes);
    expect(stats.totalDurationMs).toBeGreaterThan(4900);
  });
});

describe('who may upload', () => {
  scratch(
    'refuses guests, viewers and strangers before storing a byte, and oversized files',
    async ({ t, f }) => {
      const { user: owner } = await f.user();
      const viewer = await f.signedInUser();
      const stranger = await f.signedInUser();
      const room = await createRoom(t, { owner, members: [{ user: viewer.user, role: 'viewer' }] });
      const meta = audioMetadata(asRoomId(room.id), 'a.mp3');
      const bytes = Buffer.alloc(2048, 1);
      const attempt = (client: Parameters<typeof tusUpload>[1], file: Buffer) =>
        tusUpload(t, client, file, meta).then(
          () => null,
          (failure: TusFailure) => failure,
        );
      expect(await attempt(f.guest(), bytes)).toMatchObject({ status: 401 });
      expect(await attempt(viewer.client, bytes)).toMatchObject({ status: 403 });
      expect(await attempt(stranger.client, bytes)).toMatchObject({ status: 403 });

      const participant = await f.signedInUser();
      const open = await createRoom(t, {
        owner,
        members: [{ user: participant.user, role: 'participant' }],
      });
      const tooBig = await fetch(`${t.url}/api/uploads`, {
        method: 'POST',
        headers: {
          cookie: participant.client.cookie(),
          'tus-resumable': '1.0.0',
          'upload-length': String(t.config.maxAudioFileSize + 1),
          'upload-metadata': `roomId ${Buffer.from(open.id).toString('base64')},filename ${Buffer.from('big.wav').toString('base64')}`,
        },
      });
      expect(tooBig.status).toBe(413);
      expect(await tooBig.json()).toMatchObject({ key: 'tracks.errors.fileTooLarge' });
      const uploadsDir = path.join(t.config.dataDir, 'uploads');
      const stored = await fs.readdir(uploadsDir).catch(() => []);
      expect(stored).toEqual([]);
    },
  );
});
