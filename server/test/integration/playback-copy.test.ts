import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PLAYBACK_SEGMENT_SECONDS, TRACK_ERRORS } from '@music-rooms/domain';
import { describe, expect, test } from '../helpers/fixtures';
import { endUndoWindows } from '../helpers/removals';
import { makeAudioFixture, type FixtureFormat } from '../helpers/audio-fixtures';
import {
  expectSegmentsCover,
  expectSegmentsDecodeToWhole,
  fetchManifest,
  fetchSegment,
  manifestOf,
  recordedCopy,
  uploadReadyTrack,
} from '../helpers/playback';
import { createRoom } from '../helpers/rooms';
import { audioMetadata, tusUpload, waitForUpload } from '../helpers/tracks';

/** A folder of fixtures for the file, and a signed-in owner with a room. */
const playbackTest = test.extend('scene', { scope: 'file' }, async ({ t, f }, { onCleanup }) => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'playback-copy-'));
  onCleanup(() => fs.rm(dir, { recursive: true, force: true }));
  const owner = await f.signedInUser();
  const room = await createRoom(t, { owner: owner.user });
  return { dir, owner, room };
});

const FORMATS: FixtureFormat[] = ['mp3', 'wav', 'flac', 'm4a', 'ogg'];

describe('the playback copy of an uploaded track', () => {
  playbackTest.for(FORMATS)(
    'is made from %s, and its segments decode to exactly the whole copy',
    async (format, { t, scene }) => {
      const { dir, owner, room } = scene;
      const file = await makeAudioFixture(dir, format, { seconds: 3, frequency: 300 });
      const track = await uploadReadyTrack(t, owner.client, room, file, `Made of ${format}`);
      const manifest = await manifestOf(owner.client, track._id);
      expect(manifest).toMatchObject({ sampleRate: 44_100, channels: 1 });
      // Lossy formats decode a little longer than the tone (encoder priming and padding).
      expect(manifest.totalSamples / 44_100).toBeGreaterThanOrEqual(2.99);
      expect(manifest.totalSamples / 44_100).toBeLessThan(3.1);
      expect(manifest.dataUrl).toBe(`/api/tracks/${track._id}/playback/data?v=${manifest.version}`);
      await expectSegmentsDecodeToWhole(owner.client, manifest);
    },
  );

  playbackTest(
    'of a long track is segments of about ten seconds, served by Range and kept by version',
    async ({ t, scene }) => {
      const { dir, owner, room } = scene;
      const file = await makeAudioFixture(dir, 'wav', { seconds: 34, frequency: 520 });
      const track = await uploadReadyTrack(t, owner.client, room, file, 'Long');
      const manifest = await manifestOf(owner.client, track._id);
      expect(manifest.segments.length).toBe(3);
      const seconds = manifest.segments.map((segment) => segment.sample / manifest.sampleRate);
      expect(seconds[1]).toBeGreaterThanOrEqual(PLAYBACK_SEGMENT_SECONDS);
      expect(seconds[1]).toBeLessThan(PLAYBACK_SEGMENT_SECONDS + 0.2);
      await expectSegmentsDecodeToWhole(owner.client, manifest);

      const res = await owner.client.fetch(manifest.dataUrl, { headers: { range: 'bytes=0-3' } });
      expect(res.status).toBe(206);
      const size = Number(res.headers.get('content-range')!.split('/')[1]);
      expectSegmentsCover(manifest, size);
      expect(Buffer.from(await res.arrayBuffer()).toString('latin1')).toBe('fLaC');
      expect(res.headers.get('content-type')).toBe('audio/flac');
      expect(res.headers.get('cache-control')).toBe('private, max-age=31536000');
      const etag = res.headers.get('etag')!;
      const again = await owner.client.fetch(manifest.dataUrl, {
        headers: { 'if-none-match': etag },
      });
      expect(again.status).toBe(304);
      const second = await fetchSegment(owner.client, manifest, 1);
      expect(second.length).toBe(manifest.segments[1]!.byteEnd - manifest.segments[1]!.byteStart);
      expect([second[0], second[1]! & 0xfe]).toEqual([0xff, 0xf8]); // a frame starts it

      const unversioned = await owner.client.fetch(`/api/tracks/${track._id}/playback/data`);
      expect(unversioned.headers.get('cache-control')).toBe('private, max-age=0');
      expect((await unversioned.arrayBuffer()).byteLength).toBe(size);
      const stale = await owner.client.fetch(`/api/tracks/${track._id}/playback/data?v=0123`);
      expect(stale.status).toBe(404);
      expect(await stale.json()).toMatchObject({ key: TRACK_ERRORS.playbackChanged });
    },
  );

  playbackTest('goes with its track when the track is removed', async ({ t, scene }) => {
    const { dir, owner, room } = scene;
    const file = await makeAudioFixture(dir, 'mp3', { seconds: 2, frequency: 610 });
    const track = await uploadReadyTrack(t, owner.client, room, file, 'Removed');
    const copy = (await recordedCopy(t, track._id))!;
    const storage = t.app.tracksRuntime.storage;
    expect(await storage.stat(copy.storageKey)).not.toBeNull();
    const res = await owner.client.call('tracks.remove', { id: track._id });
    expect(res.body.status).toBe('success');
    expect(await recordedCopy(t, track._id)).toBeNull();
    expect((await fetchManifest(owner.client, track._id)).status).toBe(404);
    // Its file waits while the removal may be undone.
    expect(await storage.stat(copy.storageKey)).not.toBeNull();
    await endUndoWindows(t);
    expect(await storage.stat(copy.storageKey)).toBeNull();
  });

  playbackTest(
    'of a replacing upload becomes the old track’s, whose own copy goes',
    async ({ t, scene }) => {
      const { dir, owner, room } = scene;
      const tags = { artist: 'Twin', title: 'Same Song' };
      const first = await makeAudioFixture(dir, 'mp3', { seconds: 3, frequency: 700, tags });
      const old = await uploadReadyTrack(t, owner.client, room, first, 'Same Song');
      const oldCopy = (await recordedCopy(t, old._id))!;
      const second = await makeAudioFixture(dir, 'wav', { seconds: 3, frequency: 900, tags });
      const roomId = old.roomId;
      const url = await tusUpload(t, owner.client, second, audioMetadata(roomId, 'again.wav'));
      const upload = await waitForUpload(owner.client, roomId, url);
      expect(upload.status).toBe('duplicate');
      const newCopy = (await recordedCopy(t, upload.trackId!))!;
      const res = await owner.client.call('tracks.resolveDuplicate', {
        uploadId: upload.uploadId,
        choice: 'replace',
      });
      expect(res.body.status).toBe('success');
      const manifest = await manifestOf(owner.client, old._id);
      expect(manifest.version).toBe(newCopy.version);
      expect(manifest.version).not.toBe(oldCopy.version);
      const storage = t.app.tracksRuntime.storage;
      expect(await storage.stat(oldCopy.storageKey)).toBeNull();
      expect(await storage.stat(newCopy.storageKey)).not.toBeNull();
    },
  );
});
