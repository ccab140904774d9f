import type { PlaybackState } from '@music-rooms/domain/playback';
import type { RoomAccessArgs } from '@music-rooms/domain/rooms';
import { mediaUrl } from '../../tracks/media-url';
import type { PlaybackManifest } from '@music-rooms/domain/player';
import { takePageManifest } from './page-manifest';
import { createSegmentSource } from './segment-decode';
import { fetchManifest } from './segment-fetch';
import type { SegmentSource } from './segment-source';
import { roomPositionSoon } from './start-anchor';

/**
 * A playing room's track opened as the app starts (room-early-reads.ts), before the player is
 * there: its manifest fetched and the segment where the room will be fetched and decoded, so the
 * player, started a moment later (early-player.ts), finds the music decoded. A decoder of its
 * own does it, an offline context at the track's rate (no device, nothing to wait for), so the
 * buffers are those the player's source would decode. Taken once by the player's first lane, for
 * the same address (`takeEarlyTrack`); let go unused after ten seconds, or when the player opened
 * something else first.
 */

/** An early track not taken by then is let go: the page came too late for it. */
const FRESH_MS = 10_000;

type EarlyTrack = {
  url: string;
  source: Promise<SegmentSource>;
  expiry: ReturnType<typeof setTimeout>;
};

let early: EarlyTrack | null = null;
/** The player opened a track: an early opening after that would only fetch and decode it twice. */
let playerOpened = false;

/**
 * Opens the track of a playing room and decodes where it will be; nothing when it does not play.
 * With the manifest the page came with, the segment is asked for before this answers; otherwise
 * the manifest is. Answers once the segment has been asked for (or the opening failed, or there
 * was none).
 */
export function openTrackEarly(state: PlaybackState, pass: RoomAccessArgs = {}): Promise<void> {
  const none = Promise.resolve();
  if (playerOpened || !state.playing || !state.trackId) return none;
  if (typeof OfflineAudioContext === 'undefined') return none;
  // Before the server's clock is known the wall clock places the room, as the engine does.
  const position = roomPositionSoon(state, Date.now());
  const url = mediaUrl(state.trackId, 'playback', pass);
  const given = takePageManifest(url);
  const source = given
    ? Promise.resolve(openAt(given, position))
    : fetchManifest(url).then((manifest) => openAt(manifest, position));
  letGo();
  early = { url, source, expiry: setTimeout(letGo, FRESH_MS) };
  // Its outcome is the lane's to hear; the answer only says the opening went as far as it could.
  return source.then(
    () => {},
    () => {},
  );
}

/** The track's segments, decoded by a decoder of its own, the one at `position` asked for now. */
function openAt(manifest: PlaybackManifest, position: number): SegmentSource {
  const decoder = new OfflineAudioContext(manifest.channels, 1, manifest.sampleRate);
  const opened = createSegmentSource(decoder, manifest);
  // Its outcome is the lane's to hear, when it takes the track.
  opened.load(opened.segmentAt(position)).catch(() => {});
  return opened;
}

/**
 * The track opened early at this manifest address, if any; it is taken (a second opening reads
 * anew), and one opened for another address is let go.
 */
export function takeEarlyTrack(url: string): Promise<SegmentSource> | null {
  playerOpened = true;
  const found = early;
  if (found?.url !== url) {
    letGo();
    return null;
  }
  clearTimeout(found.expiry);
  early = null;
  return found.source;
}

/** Forgets the early track and frees what it decoded. */
function letGo(): void {
  const found = early;
  early = null;
  if (!found) return;
  clearTimeout(found.expiry);
  found.source.then(
    (source) => source.close(),
    () => {},
  );
}
