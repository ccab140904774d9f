import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FIRST_MANIFEST_ELEMENT_ID,
  FIRST_READS_ELEMENT_ID,
  PAGE_CLOCK_ELEMENT_ID,
  type FirstManifest,
  type FirstRead,
  type PageClock,
} from '@music-rooms/domain/first-reads';
import { asRoomId } from '@music-rooms/domain';
import { makeAudioFixture } from '../helpers/audio-fixtures';
import { manifestOf, uploadReadyTrack } from '../helpers/playback';
import { command } from '../helpers/player';
import { startTestApp, type TestApp } from '../helpers/app';
import { DEFAULT_ROOM_TIMINGS } from '../../src/config';
import { serverNow } from '../../src/services/server-clock';
import { factories, type SessionClient } from '../helpers/factories';
import { createRoom } from '../helpers/rooms';

/** A build with nothing but its shell: what the page carries is what is looked at. */
function shellOnlyBuild(): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'music-rooms-dist-'));
  const shell =
    '<!doctype html>\n<html>\n  <head><title>shell</title></head>\n  <body></body>\n</html>\n';
  fs.writeFileSync(path.join(dist, 'index.html'), shell);
  return dist;
}

const ELEMENT = new RegExp(
  `<script type="application/json" id="${FIRST_READS_ELEMENT_ID}">(.*?)</script>`,
  's',
);

const MANIFEST_ELEMENT = new RegExp(
  `<script type="application/json" id="${FIRST_MANIFEST_ELEMENT_ID}">(.*?)</script>`,
  's',
);

/** The page as `client` is sent it, and the reads and the manifest it carries (null for none). */
async function openPage(client: SessionClient, url: string) {
  const answer = await client.fetch(url, { headers: { accept: 'text/html' } });
  const html = await answer.text();
  const found = ELEMENT.exec(html)?.[1];
  const reads = found === undefined ? null : (JSON.parse(found) as FirstRead[]);
  const manifestFound = MANIFEST_ELEMENT.exec(html)?.[1];
  const manifest =
    manifestFound === undefined ? null : (JSON.parse(manifestFound) as FirstManifest);
  return { answer, html, reads, manifest };
}

describe('a room page carries its viewer’s first reads', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = shellOnlyBuild();
    // The page waits for its reads a second before it goes out without them; on a machine busy
    // with other suites they have taken longer. What the page carries is what is tested here.
    const rooms = { ...DEFAULT_ROOM_TIMINGS, firstReadsWaitMs: 60_000 };
    t = await startTestApp({}, { config: { webDist: dist, rooms } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('answers the room’s info, the room and its player as the page would read them', async () => {
    const { user, client } = await factories(t).signedInUser();
    const room = await createRoom(t, { owner: user, roomUrl: 'late night' });
    const { answer, reads, html } = await openPage(client, '/ru/room/late%20night');
    expect(answer.status).toBe(200);
    expect(html).toContain('<title>shell</title>');
    // Carrying what only this viewer may read, the page is kept by no shared cache.
    expect(answer.headers.get('cache-control')).toBe('private, no-cache');
    expect(reads?.map(({ path, args }) => ({ path, args }))).toEqual([
      { path: 'rooms.getRoomInfoByUrl', args: { room_url: 'late night' } },
      { path: 'rooms.get', args: { id: room.id } },
      { path: 'player.get', args: { roomId: room.id } },
    ]);
    // Each is the answer the page's own read gets.
    for (const read of reads!) {
      const asked = await client.post('/api/query', { path: read.path, args: read.args });
      expect(asked.body.value, read.path).toEqual(read.value);
    }
  });

  it('leaves out what the viewer may not read: a password room’s room and player', async () => {
    const owner = (await factories(t).user()).user;
    await createRoom(t, { owner, roomUrl: 'locked', password: 'let me in' });
    const { reads } = await openPage(factories(t).guest(), '/room/locked');
    expect(reads?.map((read) => read.path)).toEqual(['rooms.getRoomInfoByUrl']);
    const info = reads![0]!.value as { room: unknown; requiresPassword?: boolean };
    expect(info.room).toBeNull();
  });

  it('keeps a room’s name from ending the element or opening another', async () => {
    const { user, client } = await factories(t).signedInUser();
    const name = '</script><script>alert(1)</script><!--';
    await createRoom(t, { owner: user, roomUrl: 'named', name });
    const { html, reads } = await openPage(client, '/room/named');
    expect(html).not.toContain('<script>alert(1)');
    // The page's clock and its reads.
    expect(html.match(/<script/g)).toHaveLength(2);
    expect((reads![1]!.value as { name: string }).name).toBe(name);
  });

  it('carries the playing track’s manifest as the player would fetch it, and none while paused', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'page-manifest-'));
    const owner = await factories(t).signedInUser();
    const room = await createRoom(t, { owner: owner.user, roomUrl: 'playing' });
    const file = await makeAudioFixture(dir, 'mp3', { seconds: 30, frequency: 440 });
    const track = await uploadReadyTrack(t, owner.client, room, file, 'Heard');
    const paused = await openPage(owner.client, '/room/playing');
    expect(paused.reads?.map((read) => read.path)).toContain('player.get');
    expect(paused.manifest).toBeNull();
    await command(owner.client, asRoomId(room.id), 0, { type: 'play' });
    const guest = factories(t).guest();
    const { manifest } = await openPage(guest, '/room/playing');
    expect(manifest?.url).toBe(`/api/tracks/${track._id}/playback`);
    expect(manifest?.manifest).toEqual(await manifestOf(guest, track._id));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('carries the server’s clock as it answered: after the request came, before the page went', async () => {
    const { client } = await factories(t).signedInUser();
    const asked = serverNow();
    const answer = await client.fetch('/room/late%20night', { headers: { accept: 'text/html' } });
    const firstByteBy = serverNow();
    const html = await answer.text();
    const found = new RegExp(
      `<script type="application/json" id="${PAGE_CLOCK_ELEMENT_ID}">(.*?)</script>`,
    ).exec(html)?.[1];
    const clock = JSON.parse(found ?? 'null') as PageClock;
    expect(clock.receivedAt).toBeGreaterThanOrEqual(asked);
    expect(clock.sentAt).toBeGreaterThanOrEqual(clock.receivedAt);
    expect(clock.sentAt).toBeLessThanOrEqual(firstByteBy);
    // In the part that goes at once, not with the reads it would wait for.
    expect(html.indexOf(PAGE_CLOCK_ELEMENT_ID)).toBeLessThan(html.indexOf(FIRST_READS_ELEMENT_ID));
  });

  it('carries nothing on another page, and only the answer “no such room” for one that is not', async () => {
    const { client } = await factories(t).signedInUser();
    for (const url of ['/', '/settings', '/no-such-page']) {
      const { reads, answer, html } = await openPage(client, url);
      expect(reads, url).toBeNull();
      expect(html, url).not.toContain(PAGE_CLOCK_ELEMENT_ID);
      expect(answer.headers.get('cache-control'), url).toBe('no-cache');
    }
    const { reads } = await openPage(client, '/room/no-such-room');
    expect(reads?.map((read) => read.path)).toEqual(['rooms.getRoomInfoByUrl']);
  });
});
