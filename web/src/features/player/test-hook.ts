import type { PlayerSnapshot } from './engine/sync-state';
import { scheduledSounds, type ScheduledSound } from './room-sounds/instant-sound';

type MusicRoomsHooks = {
  player?: { snapshot: () => PlayerSnapshot; sounds: () => readonly ScheduledSound[] };
  tapAlong?: { clicks: () => readonly number[] };
};
type HookedWindow = Window & { musicRooms?: MusicRoomsHooks };

/** Puts one read-only hook on `window.musicRooms`; answers the function that removes it. */
function installHook<Name extends keyof MusicRoomsHooks>(
  name: Name,
  hook: NonNullable<MusicRoomsHooks[Name]>,
): () => void {
  const target = window as HookedWindow;
  const hooks = (target.musicRooms ??= {});
  const frozen = Object.freeze(hook);
  Object.assign(hooks, { [name]: frozen });
  return () => {
    if (hooks[name] === frozen) delete hooks[name];
  };
}

/**
 * The read-only test hook of the README: `window.musicRooms.player.snapshot()` tells what this
 * page hears and how it sees the server's clock; `sounds()` the short sounds (test clicks,
 * calibration chirps) it scheduled lately. Answers the function that removes it.
 */
export function installPlayerHook(snapshot: () => PlayerSnapshot): () => void {
  return installHook('player', { snapshot, sounds: () => [...scheduledSounds()] });
}

/**
 * While tapping along: `window.musicRooms.tapAlong.clicks()` tells the page times
 * (`performance.now()` ms) at which the clicks scheduled so far should be heard.
 */
export function installTapAlongHook(clicks: () => readonly number[]): () => void {
  return installHook('tapAlong', { clicks });
}
