import { AUTH_ERRORS, PLAYER_LIMITS, asRoomId, type PlaybackState } from '@music-rooms/domain';
import { describe, expect, test } from '../helpers/fixtures';
import { command, sendCommand, shortTracks, storedPlayback } from '../helpers/player';
import { createRoom, newRoomPerson } from '../helpers/rooms';

/** More commands at once than the longer window takes, so some are refused however they spread. */
const FLOOD = PLAYER_LIMITS.commands + 10;

describe('player commands per person and room', () => {
  test('a flood is refused with retryAfterMs and changes nothing; others go on', async ({ t }) => {
    const owner = await newRoomPerson(t);
    const participant = await newRoomPerson(t);
    const members = [{ user: participant.user, role: 'participant' as const }];
    const room = await createRoom(t, { owner: owner.user, members });
    const roomId = asRoomId(room.id);
    await shortTracks(t, room, [60_000, 60_000]);
    const playing = await command(owner.client, roomId, 0, { type: 'play' });

    // Each would apply on the state it names; the first through the limit does.
    const answers = await Promise.all(
      Array.from({ length: FLOOD }, (_, i) =>
        sendCommand(owner.client, roomId, playing.revision, {
          type: 'seek',
          positionMs: 1000 * (i + 1),
        }),
      ),
    );
    const limited = answers.filter(
      (res) => res.body.errorData?.key === AUTH_ERRORS.tooManyRequests,
    );
    expect(limited.length).toBeGreaterThanOrEqual(FLOOD - PLAYER_LIMITS.commands);
    for (const res of limited) {
      expect(res.status).toBe(560);
      expect(res.body.errorData).toMatchObject({ code: 'rate_limited' });
      const retryAfterMs = Number(res.body.errorData.retryAfterMs);
      expect(retryAfterMs).toBeGreaterThan(0);
      expect(retryAfterMs).toBeLessThanOrEqual(PLAYER_LIMITS.windowMs);
    }
    const applied = answers.filter((res) => res.body.status === 'success');
    expect(applied).toHaveLength(1);
    const saved = (applied[0]!.body.value as { state: PlaybackState }).state;
    expect(saved.revision).toBe(playing.revision + 1);

    // A command on the current state, refused: the stored state stays as it was.
    const again = await sendCommand(owner.client, roomId, saved.revision, { type: 'pause' });
    expect(again.body.errorData).toMatchObject({ key: AUTH_ERRORS.tooManyRequests });
    expect((await storedPlayback(t, roomId))?.revision).toBe(saved.revision);
    expect((await storedPlayback(t, roomId))?.playing).toBe(true);

    // Another person in the room, and the same person in another room, are not held back.
    const paused = await command(participant.client, roomId, saved.revision, { type: 'pause' });
    expect(paused).toMatchObject({ playing: false, revision: saved.revision + 1 });
    const other = await createRoom(t, { owner: owner.user });
    await shortTracks(t, other, [60_000]);
    const elsewhere = await command(owner.client, asRoomId(other.id), 0, { type: 'play' });
    expect(elsewhere).toMatchObject({ playing: true, revision: 1 });
  });

  test('commands at a human pace all go through', async ({ t }) => {
    const owner = await newRoomPerson(t);
    const room = await createRoom(t, { owner: owner.user });
    const roomId = asRoomId(room.id);
    await shortTracks(t, room, [60_000, 60_000]);
    let state = await command(owner.client, roomId, 0, { type: 'play' });
    // As many as the burst allows, back to back: each applies.
    for (let i = 1; i < PLAYER_LIMITS.burstCommands; i += 1) {
      const next = await command(owner.client, roomId, state.revision, {
        type: 'seek',
        positionMs: 5000 * i,
      });
      expect(next.revision).toBe(state.revision + 1);
      state = next;
    }
  });
});
