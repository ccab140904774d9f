import type { PlaylistId, TrackId } from '@music-rooms/domain/ids';
import type { PlaybackState } from '@music-rooms/domain/playback';
import type { PlayerView } from '@music-rooms/domain/player';
import type { PlayerCommand } from '@music-rooms/domain/player-commands';
import type { TrackDetails, TrackSummary } from '@music-rooms/domain/tracks';
import { PlayerClock, type ClockTransport } from './engine/player-clock';
import { SyncEngine } from './engine/sync-engine';
import type { EngineStatus } from './engine/sync-state';
import type { PlayerModel } from './usePlayer';
import { roomId } from '../rooms/room-fixtures.test-support';

/**
 * The player as the bar receives it (usePlayer's model), made of real parts: a clock that
 * probes a server answering at once, an engine that is never started (the bar only reads its
 * status), and the commands the bar sends, recorded.
 */

/** A server a round trip of 6 ms away whose clock reads 2026-01-05 plus the page's clock. */
const SERVER_EPOCH = Date.UTC(2026, 0, 5);
const ROUND_TRIP_MS = 6;

const nearbyServer: ClockTransport = {
  connected: true,
  ping: async () => {
    const sentAt = performance.now();
    return {
      sentAt,
      serverNow: SERVER_EPOCH + sentAt + ROUND_TRIP_MS / 2,
      receivedAt: sentAt + ROUND_TRIP_MS,
    };
  },
  onConnect: () => () => {},
};

/** A clock that knows the server's time (one burst of probes answered). */
export async function syncedClock(): Promise<PlayerClock> {
  const clock = new PlayerClock(nearbyServer);
  await clock.burst();
  return clock;
}

export const trackId = (id: string) => id as TrackId;

/** The room's one playlist in these fixtures. */
const PLAYLIST_ID = 'playlist-1' as PlaylistId;

/** A ready track of the room, as the playlist lists it. */
export function trackSummary(title: string, durationMs: number): TrackSummary {
  return {
    _id: trackId(`track-${title.toLowerCase()}`),
    roomId: roomId('room-1'),
    playlistIds: [PLAYLIST_ID],
    title,
    artist: 'Nina Simone',
    album: null,
    year: null,
    genre: null,
    durationMs,
    sizeBytes: 1000,
    status: 'ready',
    failure: null,
    source: 'upload',
    coverVersion: null,
    uploadedBy: null,
    uploadedAt: SERVER_EPOCH,
    loudnessLufs: null,
  };
}

/** What tracks.get answers for the info panel and the seek bar's waveform. */
export const trackDetails = (track: TrackSummary): TrackDetails => ({
  ...track,
  waveform: [10, 200, 120, 40],
  format: 'wav',
  bitrate: null,
  sampleRate: 44_100,
  originalFileName: null,
  hasFileCover: false,
  coverIsFileCover: false,
  external: null,
});

type ViewOptions = {
  state?: Partial<PlaybackState>;
  hostId?: string | null;
  canControl?: boolean;
  playbackControl?: PlayerView['playbackControl'];
};

/** The room's player (player.get), paused on `track` unless told otherwise. */
export function playerView(track: TrackSummary, options: ViewOptions = {}): PlayerView {
  const { state = {}, hostId = null, canControl = true, playbackControl = 'everyone' } = options;
  return {
    state: {
      playlistId: track.playlistIds[0] ?? null,
      trackId: track._id,
      durationMs: track.durationMs,
      positionMs: 0,
      atServerMs: SERVER_EPOCH,
      playing: false,
      repeat: 'off',
      shuffle: false,
      revision: 3,
      ...state,
    },
    track,
    next: null,
    hostId: hostId as PlayerView['hostId'],
    playbackControl,
    canControl,
    canHandOver: false,
  };
}

type ModelOptions = { status?: Partial<EngineStatus>; onUnlock?: () => void };

/** The model the bar is given; `commands` fills with what it sends. */
export function playerModel(
  clock: PlayerClock,
  view: PlayerView | null,
  { status = {}, onUnlock = () => {} }: ModelOptions = {},
) {
  const commands: PlayerCommand[] = [];
  const engine = new SyncEngine({
    clock,
    openTrack: () => Promise.reject(new Error('The bar never plays')),
  });
  const model: PlayerModel = {
    engine,
    clock,
    status: { sync: 'idle', driftMs: null, ...status },
    roomId: roomId('room-1'),
    pass: {},
    view,
    command: (command) => commands.push(command),
    select: (id) => commands.push({ type: 'select', trackId: id }),
    unlock: onUnlock,
  };
  return { model, commands };
}
