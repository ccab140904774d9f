import type { PlaybackState } from '@music-rooms/domain/playback';
import { renderedUntil } from './audio-output';
import type { OutputClock } from './output-clock';

/** Joining a room that plays: the audio comes in this long after its segment is decoded. */
const JOIN_LEAD_MS = 120;
/** Nothing is scheduled closer than this to what the context has rendered. */
const START_MARGIN_S = 0.03;

/** What the start needs of the server's clock (PlayerClock). */
type ServerClock = {
  serverNow(): number | null;
  localTimeOf(serverMs: number): number | null;
};

/**
 * When (context time) and where (program seconds) the music comes in: at the room's planned
 * start, or now-ish, where the room is then. The server instant becomes page time (the clock's
 * offset), then the context time heard at that page time (the output clock).
 */
export function startAnchor(
  state: PlaybackState,
  clock: ServerClock,
  output: OutputClock,
  context: AudioContext,
): { at: number; position: number } | null {
  const serverNow = clock.serverNow();
  if (serverNow === null) return null;
  const instant = Math.max(state.atServerMs, serverNow);
  const local = clock.localTimeOf(instant);
  const at = local === null ? null : output.heardTimeAt(local);
  if (at === null) return null;
  const earliest = renderedUntil(context) + START_MARGIN_S;
  const later = Math.max(0, earliest - at);
  return {
    at: at + later,
    position: (state.positionMs + instant + later * 1000 - state.atServerMs) / 1000,
  };
}

/**
 * Where the room will be (seconds into its track) once a start now has decoded its segment, by
 * `serverNowMs`: the server's clock, or this device's wall clock before that is known.
 */
export function roomPositionSoon(state: PlaybackState, serverNowMs: number): number {
  const target = Math.max(state.atServerMs, serverNowMs + JOIN_LEAD_MS);
  return (state.positionMs + target - state.atServerMs) / 1000;
}
