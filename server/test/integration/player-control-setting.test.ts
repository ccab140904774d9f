import { PLAYER_ERRORS, ROOM_ERRORS, asRoomId, type RoomId } from '@music-rooms/domain';
import { onTestFinished } from 'vitest';
import { describe, expect, test } from '../helpers/fixtures';
import { command, livePlayer, playerView, sendCommand, shortTracks } from '../helpers/player';
import { join, tabSocket } from '../helpers/presence';
import { createRoom, expectRefused, newRoomPerson, type RoomPerson } from '../helpers/rooms';
import type { TestApp } from '../helpers/app';

/** A room with tracks where the owner, an admin and a participant all have the page open. */
async function roomOfThree(t: TestApp) {
  const owner = await newRoomPerson(t);
  const admin = await newRoomPerson(t);
  const participant = await newRoomPerson(t);
  const room = await createRoom(t, {
    owner: owner.user,
    members: [
      { user: admin.user, role: 'admin' },
      { user: participant.user, role: 'participant' },
    ],
  });
  const roomId = asRoomId(room.id);
  await shortTracks(t, room, [60_000, 60_000]);
  const sockets = await Promise.all(
    [owner, admin, participant].map((person) => tabSocket(t, person.client)),
  );
  onTestFinished(() => sockets.forEach((socket) => socket.close()));
  for (const socket of sockets) expect(await join(socket, roomId)).toBe(true);
  const participantLive = await livePlayer(sockets[2]!, roomId);
  await participantLive.until((view) => view.hostId === owner.user.id);
  return { owner, admin, participant, roomId, participantLive };
}

const setControl = (person: RoomPerson, roomId: RoomId, playbackControl: string) =>
  person.client.call('rooms.update', { id: roomId, playbackControl });

describe('who controls playback (a room setting)', () => {
  test('by default only the host: others are refused, and their view says they may not', async ({
    t,
  }) => {
    const { owner, admin, participant, roomId, participantLive } = await roomOfThree(t);
    expect(participantLive.latest()).toMatchObject({
      playbackControl: 'host',
      canControl: false,
    });
    expect((await playerView(admin.client, roomId)).canControl).toBe(false);
    expect((await playerView(owner.client, roomId)).canControl).toBe(true);

    for (const person of [participant, admin]) {
      const res = await sendCommand(person.client, roomId, 0, { type: 'play' });
      expectRefused(res, PLAYER_ERRORS.onlyHost);
      expect(res.body.errorData).toMatchObject({ code: 'forbidden' });
    }
    expect((await playerView(owner.client, roomId)).state.revision).toBe(0);
    const playing = await command(owner.client, roomId, 0, { type: 'play' });
    expect(playing.playing).toBe(true);
  });

  test('an admin takes the host label and with it the controls', async ({ t }) => {
    const { owner, admin, roomId } = await roomOfThree(t);
    const took = await admin.client.call('player.handOver', { roomId, userId: admin.user.id });
    expect(took.body.status, JSON.stringify(took.body)).toBe('success');
    await command(admin.client, roomId, 0, { type: 'play' });
    expectRefused(
      await sendCommand(owner.client, roomId, 1, { type: 'pause' }),
      PLAYER_ERRORS.onlyHost,
    );
  });

  test('set to everyone, every participant and above controls; back to host, not', async ({
    t,
  }) => {
    const { admin, participant, roomId, participantLive } = await roomOfThree(t);
    const saved = await setControl(admin, roomId, 'everyone');
    expect(saved.body.value).toMatchObject({ playbackControl: 'everyone' });
    await participantLive.until((view) => view.canControl && view.playbackControl === 'everyone');
    await command(participant.client, roomId, 0, { type: 'play' });

    await setControl(admin, roomId, 'host');
    await participantLive.until((view) => !view.canControl);
    expectRefused(
      await sendCommand(participant.client, roomId, 1, { type: 'pause' }),
      PLAYER_ERRORS.onlyHost,
    );
  });

  test('only the owner and admins change it, and only to a known value', async ({ t }) => {
    const { owner, participant, roomId } = await roomOfThree(t);
    expectRefused(
      await setControl(participant, roomId, 'everyone'),
      ROOM_ERRORS.insufficientPermissions,
    );
    const bad = await setControl(owner, roomId, 'anyone');
    expect(bad.body.status).not.toBe('success');
    expect(bad.body.errorData).toMatchObject({ code: 'invalid_args' });
    const details = await owner.client.call('rooms.get', { id: roomId });
    expect(details.body.value).toMatchObject({ playbackControl: 'host' });
  });
});
