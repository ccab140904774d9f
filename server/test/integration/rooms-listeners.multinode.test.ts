import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asRoomId } from '@music-rooms/domain';
import { createTestDatabase, type TestDatabase } from '../helpers/database';
import { randomRedisPrefix, startTestApp, type TestApp } from '../helpers/app';
import { clientFor } from '../helpers/factories';
import { heardActivity, liveListeners } from '../helpers/listeners';
import { command, shortTracks } from '../helpers/player';
import { join, tabSocket } from '../helpers/presence';
import { createRoom, newRoomPerson } from '../helpers/rooms';

// Two nodes behind one load balancer: one PostgreSQL database, one Redis prefix.
describe('listeners and activity across nodes', () => {
  let database: TestDatabase;
  let nodeA: TestApp;
  let nodeB: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase(process.env.DATABASE_URL);
    const shared = { DATABASE_URL: database.url, REDIS_PREFIX: randomRedisPrefix() };
    [nodeA, nodeB] = await Promise.all([startTestApp(shared), startTestApp(shared)]);
  });

  afterAll(async () => {
    await nodeA?.close();
    await nodeB?.close();
    await database?.drop();
  });

  it("a page on one node reads the other node's listener, its sync and what they did", async () => {
    const owner = await newRoomPerson(nodeA);
    const editor = await newRoomPerson(nodeA);
    const room = await createRoom(nodeA, {
      owner: owner.user,
      members: [{ user: editor.user, role: 'editor' }],
      // The editor skips while the owner hosts: everyone controls playback here.
      playbackControl: 'everyone',
    });
    const roomId = asRoomId(room.id);
    const [, second] = await shortTracks(nodeA, room, [60_000, 60_000]);
    const ownerTab = await tabSocket(nodeA, owner.client);
    await join(ownerTab, roomId);
    const panel = await liveListeners(ownerTab, roomId);
    const activity = heardActivity(ownerTab);

    const editorClient = await clientFor(nodeB, editor.user);
    const editorTab = await tabSocket(nodeB, editorClient);
    await join(editorTab, roomId);
    await activity.until((a) => a.kind === 'joined' && a.actor.key === editor.user.id);
    editorTab.emit('presence:sync', { roomId, state: 'inSync', offsetMs: -3 });
    const synced = await panel.until((list) => list.some((l) => l.status === 'inSync'));
    expect(synced.find((l) => l.key === editor.user.id)).toMatchObject({
      role: 'editor',
      status: 'inSync',
      offsetMs: -3,
    });

    const playing = await command(editorClient, roomId, 0, { type: 'play' });
    await command(editorClient, roomId, playing.revision, { type: 'next' });
    const skipped = await activity.until((a) => a.kind === 'skipped');
    expect(skipped).toMatchObject({ actor: { key: editor.user.id }, track: { _id: second!.id } });

    editorTab.close();
    await panel.until((list) => list.every((l) => l.key !== editor.user.id));
    ownerTab.close();
  });
});
