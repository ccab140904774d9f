import type { PlayerSnapshot } from './engine/sync-state';
import { scheduledSounds, type ScheduledSound } from './room-sounds/instant-sound';

type PlayerHook = {
  snapshot: () => PlayerSnapshot;
  sounds: () => readonly ScheduledSound[];
};
type MusicRoomsHooks = { player?: PlayerHook };
type HookedWindow = Window & { musicRooms?: MusicRoomsHooks };

/**
 * The read-only test hook of the README: `window.musicRooms.player.snapshot()` tells what this
 * page hears and how it sees the server's clock; `sounds()` the short sounds (test clicks,
 * calibration chirps) it scheduled lately. Answers the function that removes it.
 */
export function installPlayerHook(snapshot: () => PlayerSnapshot): () => void {
  const target = window as HookedWindow;
  const hooks = (target.musicRooms ??= {});
  const player: PlayerHook = Object.freeze({ snapshot, sounds: () => [...scheduledSounds()] });
  hooks.player = player;
  return () => {
    if (hooks.player === player) delete hooks.player;
  };
}
