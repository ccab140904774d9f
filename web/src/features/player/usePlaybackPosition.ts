import { useEffect, useState } from 'react';
import { positionAt, type PlaybackState } from '@music-rooms/domain/playback';
import type { PlayerClock } from './engine/player-clock';

const REFRESH_MS = 250;

const roomPosition = (state: PlaybackState | null, clock: PlayerClock) =>
  state ? Math.max(0, positionAt(state, clock.serverNow() ?? Date.now())) : 0;

/**
 * Where the room's music is now, in ms, refreshed a few times a second while it plays: from the
 * shared state and the server's clock, so it shows the room's position even before this page's
 * audio has started (blocked, syncing).
 */
export function usePlaybackPosition(state: PlaybackState | null, clock: PlayerClock): number {
  const [position, setPosition] = useState(() => roomPosition(state, clock));
  useEffect(() => {
    const update = () => setPosition(roomPosition(state, clock));
    update();
    if (!state?.playing) return;
    const timer = setInterval(update, REFRESH_MS);
    return () => clearInterval(timer);
  }, [state, clock]);
  return position;
}
