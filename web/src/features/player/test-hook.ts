import type { PlayerSnapshot } from './engine/sync-state';

type MusicRoomsHooks = { player?: { snapshot: () => PlayerSnapshot } };
type HookedWindow = Window & { musicRooms?: MusicRoomsHooks };

/**
 * The read-only test hook of the README: `window.musicRooms.player.snapshot()` tells what this
 * page hears and how it sees the server's clock. Answers the function that removes it.
 */
export function installPlayerHook(snapshot: () => PlayerSnapshot): () => void {
  const target = window as HookedWindow;
  const hooks = (target.musicRooms ??= {});
  const player = Object.freeze({ snapshot });
  hooks.player = player;
  return () => {
    if (hooks.player === player) delete hooks.player;
  };
}
