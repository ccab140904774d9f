import { PLAYER_ERRORS, ROOM_ERRORS, TOPICS, asRoomId, type RoomId } from '@music-rooms/domain';
import { onTestFinished } from 'vitest';
import { describe, expect, test } from '../helpers/fixtures';
import { livePlayer, playerView } from '../helpers/player';
import { join, tabSocket } from '../helpers/presence';
import type { TestSocket } from '../helpers/realtime';
import { createRoom, expectRefused, newRoomPerson, type RoomPerson } from '../helpers/rooms';
import type { TestApp } from '../helpers/app';

const ROLES = ['admin', 'editor', 'editor2', 'participant', 'viewer'] as const;
type Seat = 'owner' | (typeof ROLES)[number];

/** A room with a member in each role (two editors), none of them present yet. */
async function roomOfSeats(t: TestApp) {
  const people = {} as Record<Seat, RoomPerson>;
  for (const seat of ['owner', ...ROLES] as const) people[seat] = await newRoomPerson(t);
  const room = await createRoom(t, {
    owner: people.owner.user,
    members: ROLES.map((seat) => ({
      user: people[seat].user,
      role: seat === 'editor2' ? ('editor' as const) : seat,
    })),
  });
  const roomId = asRoomId(room.id);
  const sockets: TestSocket[] = [];
  /** Opens the room's page for one of them (a new tab); resolves once they count as present. */
  const arrive = async (seat: Seat) => {
    const socket = await tabSocket(t, people[seat].client);
    sockets.push(socket);
    expect(await join(socket, roomId)).toBe(true);
    return socket;
  };
  onTestFinished(() => sockets.forEach((socket) => socket.close()));
  const watcher = await tabSocket(t);
  sockets.push(watcher);
  const live = await livePlayer(watcher, roomId);
  const idOf = (seat: Seat | null) => (seat ? people[seat].user.id : null);
  /** Waits for the live view to name this host. */
  const hostBecomes = (seat: Seat | null) => live.until((view) => view.hostId === idOf(seat));
  /** The host a fresh read names now (what presence holds once a join was answered). */
  const hostNow = async () => (await playerView(people.owner.client, roomId)).hostId;
  return {
    people,
    roomId,
    arrive,
    hostBecomes,
    hostNow,
    idOf,
  };
}

/** Resolves when the app publishes this topic. */
function nextTopic(t: TestApp, topic: string): Promise<void> {
  return new Promise((resolve) => {
    const stop = t.app.topics.onTopics((topics) => {
      if (!topics.includes(topic)) return;
      stop();
      resolve();
    });
  });
}

const handOver = (person: RoomPerson, roomId: RoomId, to: RoomPerson) =>
  person.client.call('player.handOver', { roomId, userId: to.user.id });

describe('the host', () => {
  test('is the highest role present, ties to whoever joined first; viewers never host', async ({
    t,
  }) => {
    const room = await roomOfSeats(t);
    await room.arrive('viewer');
    expect(await room.hostNow()).toBeNull();
    await room.arrive('participant');
    await room.hostBecomes('participant');
    await room.arrive('editor2');
    await room.hostBecomes('editor2');
    await room.arrive('editor');
    // Both editors: the one who came first stays host.
    expect(await room.hostNow()).toBe(room.idOf('editor2'));
    await room.arrive('admin');
    await room.hostBecomes('admin');
    await room.arrive('owner');
    await room.hostBecomes('owner');
  });

  test('is elected again when the host leaves', async ({ t }) => {
    const room = await roomOfSeats(t);
    await room.arrive('editor');
    const owner = await room.arrive('owner');
    await room.hostBecomes('owner');
    owner.close();
    await room.hostBecomes('editor');
  });

  test('keeps the time they first came while another tab of theirs stays', async ({ t }) => {
    const room = await roomOfSeats(t);
    const firstTab = await room.arrive('editor');
    await room.arrive('editor2');
    await room.hostBecomes('editor');
    await room.arrive('editor'); // a second tab, then the first one closes
    const lapsed = nextTopic(t, TOPICS.presence(room.roomId));
    firstTab.close();
    await lapsed; // the first tab's entry is gone (after the retention)
    expect(await room.hostNow()).toBe(room.idOf('editor'));
  });

  test('may be handed over by the owner or an admin, to someone present who may host', async ({
    t,
  }) => {
    const room = await roomOfSeats(t);
    const { people, roomId } = room;
    await room.arrive('owner');
    await room.arrive('viewer');
    const participantTab = await room.arrive('participant');
    await room.hostBecomes('owner');

    const res = await handOver(people.owner, roomId, people.participant);
    expect(res.body.value).toEqual({ hostId: people.participant.user.id });
    await room.hostBecomes('participant');
    expectRefused(
      await handOver(people.owner, roomId, people.viewer),
      PLAYER_ERRORS.hostNotPresent,
    );
    expectRefused(
      await handOver(people.owner, roomId, people.editor),
      PLAYER_ERRORS.hostNotPresent,
    );
    expectRefused(
      await handOver(people.participant, roomId, people.participant),
      ROOM_ERRORS.insufficientPermissions,
    );

    await room.arrive('admin');
    expect((await handOver(people.admin, roomId, people.admin)).body.status).toBe('success');
    await room.hostBecomes('admin');
    expect((await handOver(people.admin, roomId, people.participant)).body.status).toBe('success');
    await room.hostBecomes('participant');
    // Once they leave, the label goes by rank again, and does not come back with them.
    participantTab.close();
    await room.hostBecomes('owner');
    await room.arrive('participant');
    expect(await room.hostNow()).toBe(room.idOf('owner'));
  });
});
