import {
  asRoomId,
  sendAimedCommand,
  type PlaybackState,
  type PlayerCommand,
} from '@music-rooms/domain';
import { describe, expect, test } from '../helpers/fixtures';
import { clientCalls, command, playerView, shortTracks } from '../helpers/player';
import { createRoom, newRoomPerson } from '../helpers/rooms';
import type { TestApp } from '../helpers/app';

/** A room playing the first of three minute-long tracks, and two members' clients. */
async function twoListeners(t: TestApp) {
  const owner = await newRoomPerson(t);
  const other = await newRoomPerson(t);
  const room = await createRoom(t, {
    owner: owner.user,
    members: [{ user: other.user, role: 'participant' }],
  });
  const tracks = await shortTracks(t, room, [60_000, 60_000, 60_000]);
  const roomId = asRoomId(room.id);
  const playing = await command(owner.client, roomId, 0, { type: 'play' });
  const send = (who: typeof owner, seen: PlaybackState, playerCommand: PlayerCommand) =>
    sendAimedCommand(clientCalls(who.client, roomId), seen, playerCommand);
  return { owner, other, roomId, tracks, playing, send };
}

describe('commands sent at once by two people, as their pages send them', () => {
  test('two Nexts from the same track skip one track: the second is dropped', async ({ t }) => {
    const { owner, other, roomId, tracks, playing, send } = await twoListeners(t);
    const answers = await Promise.all([
      send(owner, playing, { type: 'next' }),
      send(other, playing, { type: 'next' }),
    ]);
    expect(answers.filter((state) => state === null)).toHaveLength(1);
    const now = (await playerView(owner.client, roomId)).state;
    expect(now).toMatchObject({ trackId: tracks[1]!.id, revision: playing.revision + 1 });
  });

  test('a seek in a track the room has left is dropped', async ({ t }) => {
    const { owner, other, roomId, tracks, playing, send } = await twoListeners(t);
    await send(owner, playing, { type: 'select', trackId: tracks[2]!.id });
    expect(await send(other, playing, { type: 'seek', positionMs: 30_000 })).toBeNull();
    const now = (await playerView(owner.client, roomId)).state;
    expect(now).toMatchObject({ trackId: tracks[2]!.id, positionMs: 0 });
  });

  test('two pauses at once pause once', async ({ t }) => {
    const { owner, other, roomId, playing, send } = await twoListeners(t);
    await Promise.all([
      send(owner, playing, { type: 'pause' }),
      send(other, playing, { type: 'pause' }),
    ]);
    const now = (await playerView(owner.client, roomId)).state;
    expect(now).toMatchObject({ playing: false, revision: playing.revision + 1 });
  });

  test('a command the other one did not undo is sent again on the fresh state', async ({ t }) => {
    const { owner, other, roomId, tracks, playing, send } = await twoListeners(t);
    await send(owner, playing, { type: 'repeat', mode: 'all' });
    // Still on the same track: the Next that lost to the repeat goes through.
    const after = await send(other, playing, { type: 'next' });
    expect(after).toMatchObject({ trackId: tracks[1]!.id, repeat: 'all' });
    expect((await playerView(owner.client, roomId)).state).toEqual(after);
  });
});
