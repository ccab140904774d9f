import {
  trackEndsAt,
  type PlaybackState,
  type PlayerView,
  type RoomAccessArgs,
  type RoomId,
  type TrackId,
  type TrackSummary,
  type UserId,
} from '@music-rooms/domain';
import type { Database } from '../../db';
import type { Presence } from '../presence/presence';
import { accessCan, authorizeRoom, type RoomViewer } from '../rooms/access';
import type { RoomRow } from '../rooms/store';
import { serverNow } from '../server-clock';
import { findTrack } from '../tracks/store';
import { trackSummary } from '../tracks/views';
import { electedHost } from './host';
import { sourceOf } from './playback';
import { findPlayback } from './playback-store';
import { settle, upcomingTrack } from './timeline';
import type { PlayerAccessCache } from './access-cache';
import type { PlayerViewCache } from './view-cache';

/** What everyone in the room sees alike, and until when (the current track's end). */
export type SharedPlayerView = {
  state: PlaybackState;
  track: TrackSummary | null;
  next: TrackSummary | null;
  hostId: UserId | null;
  validUntil: number;
};

type Deps = {
  db: Database;
  presence: Presence;
  playerViews: PlayerViewCache<SharedPlayerView>;
  playerAccess: PlayerAccessCache;
};

/**
 * `player.get`: whoever may view the room (a password room's stranger with the tab's pass,
 * guests in public and hidden rooms) sees the playback settled to now, so nobody ever sees a
 * state past a track's end, with the current and next tracks, the host, and what they may do.
 */
export async function getPlayerView(
  deps: Deps,
  viewer: RoomViewer,
  roomId: RoomId,
  pass: RoomAccessArgs,
): Promise<PlayerView> {
  const access = await deps.playerAccess.get(viewer, roomId, pass, Date.now(), () =>
    authorizeRoom(deps.db, viewer, roomId, 'room.view', pass),
  );
  const now = serverNow();
  const shared = await deps.playerViews.get(roomId, now, () => sharedView(deps, access.room));
  const signedIn = viewer.userId !== null;
  return {
    state: shared.state,
    track: shared.track,
    next: shared.next,
    hostId: shared.hostId,
    canControl: signedIn && accessCan(access, 'player.control'),
    canHandOver: signedIn && accessCan(access, 'player.handOver'),
  };
}

async function sharedView(deps: Deps, room: RoomRow): Promise<SharedPlayerView> {
  const row = await findPlayback(deps.db, room.id);
  const source = await sourceOf(deps.db, room.id, row);
  const now = serverNow();
  const state = settle(source, now, 'read');
  const [track, next, hostId] = await Promise.all([
    summaryOf(deps.db, state.trackId),
    summaryOf(deps.db, upcomingTrack(source, state)),
    electedHost(deps, room, row),
  ]);
  const endsAt = trackEndsAt(state);
  return {
    state,
    track,
    next,
    hostId,
    validUntil: endsAt !== null && endsAt > now ? endsAt : Infinity,
  };
}

async function summaryOf(db: Database, trackId: TrackId | null): Promise<TrackSummary | null> {
  const row = trackId ? await findTrack(db, trackId) : null;
  return row ? trackSummary(row) : null;
}
