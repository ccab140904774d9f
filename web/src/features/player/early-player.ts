import type { RoomId } from '@music-rooms/domain/ids';
import type { PlayerView } from '@music-rooms/domain/player';
import type { RoomAccessArgs } from '@music-rooms/domain/rooms';
import type { ClockTransport, PlayerClock } from './engine/player-clock';
import { engineView } from './engine-view';
import { playerSettings } from './player-settings';
import { makePlayerClock, makePlayerParts, type PlayerParts } from './player-parts';
import { followOutputDelay } from './follow-output-delay';
import { takePageClockSample } from './engine/page-clock';

/**
 * A room page's player, started as the page opens (room-early-reads.ts, from the app's small
 * entry), before React and the room page are in. Its clock samples the server over the tab's
 * early connection on every room page (`startClockEarly`); when the room plays, its engine is
 * started right after the track opened early (early-track.ts) has asked for its manifest, and
 * starts the music as soon as the clock, the output and the segment where the room is allow
 * (`startPlayerEarly`). Made at the player's mount instead, the music waited for the page's
 * code, its first render, the clock's first probes and the output's first stamps one after
 * another (on a busy 2-core machine, the mount came 2.4–3.6 s after the page was asked for).
 * The engine makes its AudioContext as it starts: of all the music waits for, the output is
 * ready last (room-early-reads.ts). The listener's volume, mute and normalization and this output's
 * delay are in from the first sound. The room page's player takes what it finds
 * (`earlyPlayerFor`, `earlyClock`, then `claimEarlyPlayer`); what is not taken in time is stopped.
 */

/** What no page took by then is stopped: the page came too late for it, or never. */
const FRESH_MS = 30_000;

type EarlyEngine = { roomId: RoomId; parts: PlayerParts; stopDelay: () => void };

let clock: PlayerClock | null = null;
let player: EarlyEngine | null = null;
let expiry: ReturnType<typeof setTimeout> | null = null;
/** The page's player was made: what starts early after that would play the room twice. */
let playerMounted = false;

/**
 * Starts sampling the server's clock over the tab's connection, once, from the page's own sample:
 * the music can start on that while the connection is still opening.
 */
export function startClockEarly(transport: ClockTransport): void {
  if (playerMounted || clock) return;
  clock = makePlayerClock(transport, takePageClockSample());
  clock.start();
  expiry ??= setTimeout(letGo, FRESH_MS);
}

/**
 * Starts the player of a room that plays, with the answer of its `player.get`, on the clock
 * started early; nothing when it does not play. Only for a page without a pass (the early reads
 * go without one).
 */
export function startPlayerEarly(roomId: RoomId, view: PlayerView): void {
  if (playerMounted || player || !clock || !view.state.playing) return;
  const parts = makePlayerParts(clock, {});
  const { engine } = parts;
  // Set before the context is made, its master gain is made at the listener's volume.
  const { volume, muted, normalize } = playerSettings.get();
  engine.setVolume(volume, muted);
  engine.setNormalize(normalize);
  engine.start();
  const stopDelay = followOutputDelay(engine);
  engine.setView(engineView(view.state, view.track?.loudnessLufs ?? null, view.next));
  player = { roomId, parts, stopDelay };
}

/**
 * The player started early for this room, if the page asks for it with no pass. It stays the
 * early one until claimed, so that a render made twice (StrictMode) finds it twice.
 */
export function earlyPlayerFor(roomId: RoomId, pass: RoomAccessArgs): PlayerParts | null {
  const withoutPass = !pass.accessToken && !pass.session_id;
  return player?.roomId === roomId && withoutPass ? player.parts : null;
}

/** The clock started early, if any (until claimed, as above). */
export function earlyClock(): PlayerClock | null {
  return clock;
}

/**
 * The room page's player is `parts` from now on: what of it started early stops being early (its
 * owner follows the settings and the delay from here), and what started early but is not in it
 * (another room's player, or one the page did not take as it has a pass) is stopped.
 */
export function claimEarlyPlayer(parts: PlayerParts): void {
  playerMounted = true;
  if (player?.parts === parts) {
    player.stopDelay();
    player = null;
  }
  if (clock === parts.clock) clock = null;
  letGo();
}

/** Stops what started early and was not taken, and lets go of its audio device. */
function letGo(): void {
  if (expiry !== null) clearTimeout(expiry);
  expiry = null;
  if (player) {
    player.stopDelay();
    player.parts.engine.stop();
  }
  clock?.stop();
  player = null;
  clock = null;
}
