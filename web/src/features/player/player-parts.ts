import type { ClockSample } from '@music-rooms/domain/clock';
import type { RoomAccessArgs } from '@music-rooms/domain/rooms';
import { trackOpener } from './engine/open-track';
import { PlayerClock, type ClockTransport } from './engine/player-clock';
import { SyncEngine } from './engine/sync-engine';

/** A room page's server clock and the sync engine that plays on it. */
export type PlayerParts = { clock: PlayerClock; engine: SyncEngine };

/** Hears the page waking: shown again, back from the back/forward cache, back online. */
function onPageWake(listener: () => void): () => void {
  const onVisible = () => {
    if (document.visibilityState === 'visible') listener();
  };
  document.addEventListener('visibilitychange', onVisible);
  window.addEventListener('pageshow', listener);
  window.addEventListener('online', listener);
  return () => {
    document.removeEventListener('visibilitychange', onVisible);
    window.removeEventListener('pageshow', listener);
    window.removeEventListener('online', listener);
  };
}

/**
 * The server's clock over the tab's realtime connection, from the page's own sample when there is
 * one (page-clock.ts), not started yet.
 */
export function makePlayerClock(
  transport: ClockTransport,
  pageSample: ClockSample | null = null,
): PlayerClock {
  return new PlayerClock(transport, { onWake: onPageWake, pageSample });
}

/**
 * An engine on `clock` opening the room's tracks with the tab's pass (a password room's
 * stranger needs it), not started yet.
 */
export function makePlayerParts(clock: PlayerClock, pass: RoomAccessArgs): PlayerParts {
  return { clock, engine: new SyncEngine({ clock, openTrack: trackOpener(pass) }) };
}
