import type { RoomId } from '@music-rooms/domain/ids';
import type { RoomSound } from '@music-rooms/domain/room-sounds';
import type { RealtimeClient } from '../../../lib/realtime/realtime-client';
import { playAtServerInstant, type InstantSoundOutput, type ScheduledSound } from './instant-sound';
import { chirpSamples, clickSamples } from './sound-shapes';

/** The test sound, clear over music. */
const CLICK = { name: 'click', samples: clickSamples, gain: 0.6 };

/** A calibration chirp: quiet, the microphone finds it by its shape, not its loudness. */
export const chirpSound = (index: number) => ({
  name: `chirp-${index}`,
  samples: (sampleRate: number) => chirpSamples(index, sampleRate),
  gain: 0.3,
});

/** Plays what the room asked for at its instant (see playAtServerInstant). */
export function playRoomSound(output: InstantSoundOutput, sound: RoomSound): ScheduledSound | null {
  const shape = sound.kind === 'test' ? CLICK : chirpSound(sound.chirp);
  return playAtServerInstant(output, sound.at, shape);
}

/**
 * Plays the room's sounds as they are told, while the room's page is open; none while the page
 * is `silent` (muted): the room does not plan its chirps on it, and a test click is not heard.
 */
export function followRoomSounds(
  client: Pick<RealtimeClient, 'onRoomSound'>,
  output: InstantSoundOutput,
  roomId: RoomId,
  silent: () => boolean,
): () => void {
  return client.onRoomSound((sound) => {
    if (sound.roomId === roomId && !silent()) playRoomSound(output, sound);
  });
}
