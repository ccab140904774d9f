import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { TRACK_ERRORS } from '@music-rooms/domain';
import { describe, expect, test } from '../helpers/fixtures';
import { makeAudioFixture } from '../helpers/audio-fixtures';
import type { SessionClient } from '../helpers/factories';
import { fetchManifest, manifestOf, uploadReadyTrack } from '../helpers/playback';
import { createRoom, gatePass } from '../helpers/rooms';
import { createTrack } from '../helpers/tracks';

/** Status of a request whose body is read to the end (so no connection is left streaming). */
async function statusOf(client: SessionClient, url: string, init: RequestInit = {}) {
  const res = await client.fetch(url, init);
  await res.arrayBuffer();
  return res.status;
}

const dataOf = (id: string, query = '') => `/api/tracks/${id}/playback/data${query}`;

describe('who may fetch a playback copy', () => {
  test('the same people as the audio: a password room needs the tab’s pass', async ({ t, f }) => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'playback-access-'));
    const owner = await f.signedInUser();
    const stranger = await f.signedInUser();
    const guest = f.guest();
    const file = await makeAudioFixture(dir, 'mp3', { seconds: 2, frequency: 330 });
    const open = await createRoom(t, { owner: owner.user });
    const locked = await createRoom(t, { owner: owner.user, password: 'secret words' });
    const invite = await createRoom(t, { owner: owner.user, visibility: 'inviteOnly' });
    const heard = await uploadReadyTrack(t, owner.client, open, file, 'Open');
    const guarded = await uploadReadyTrack(t, owner.client, locked, file, 'Guarded');
    const closed = await createTrack(t, { room: invite });

    const manifest = await manifestOf(guest, heard._id);
    expect(await statusOf(guest, manifest.dataUrl)).toBe(200);
    for (const client of [guest, stranger.client]) {
      for (const id of [guarded._id, closed.id]) {
        expect((await fetchManifest(client, id)).status).toBe(403);
        expect(await statusOf(client, dataOf(id))).toBe(403);
      }
    }

    const { accessToken: token } = await gatePass(stranger.client, locked, 'secret words', 'tab-7');
    const query = `?accessToken=${token}&session_id=tab-7`;
    const passed = await manifestOf(stranger.client, guarded._id, query);
    // The data address carries the version and the very pass the manifest was asked with.
    const dataUrl = new URL(passed.dataUrl, t.url);
    expect(Object.fromEntries(dataUrl.searchParams)).toEqual({
      v: passed.version,
      accessToken: token,
      session_id: 'tab-7',
    });
    expect(
      await statusOf(stranger.client, passed.dataUrl, { headers: { range: 'bytes=0-99' } }),
    ).toBe(206);
    const otherTab = `?accessToken=${token}&session_id=tab-8`;
    expect((await fetchManifest(stranger.client, guarded._id, otherTab)).status).toBe(403);
    expect(await statusOf(stranger.client, dataOf(guarded._id, otherTab))).toBe(403);
    expect(await statusOf(stranger.client, dataOf(guarded._id, `?v=${passed.version}`))).toBe(403);
    await fs.rm(dir, { recursive: true, force: true });
  });

  test('answers 404 for a missing track, and a clear refusal for audio it cannot copy', async ({
    t,
    f,
  }) => {
    const owner = await f.signedInUser();
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await fetchManifest(owner.client, missing)).status).toBe(404);
    expect(await statusOf(owner.client, dataOf(missing))).toBe(404);
    expect((await fetchManifest(owner.client, 'not-a-track')).status).toBe(404);
    // A seeded track whose stored "audio" is a few bytes of text: ffmpeg cannot read it.
    const broken = await createTrack(t, { room: await createRoom(t, { owner: owner.user }) });
    const answer = await fetchManifest(owner.client, broken.id);
    expect(answer.status).toBe(404);
    expect(answer.body.key).toBe(TRACK_ERRORS.processingFailed);
    expect(await statusOf(owner.client, dataOf(broken.id))).toBe(404);
  });
});
