import {
  hostAllows,
  trackEndsAt,
  type PlaybackControl,
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
import { accessCan, authorizeRoom, type RoomAccess, type RoomViewer } from '../rooms/access';
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
  playbackControl: PlaybackControl;
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
  const access = await viewAccess(deps, viewer, roomId, pass);
  const now = serverNow();
  const shared = await deps.playerViews.get(roomId, now, () => sharedView(deps, access.room));
  const signedIn = viewer.userId !== null;
  const allowed = hostAllows(shared.playbackControl, shared.hostId, viewer.userId);
  return viewWithRights(
    shared,
    signedIn && accessCan(access, 'player.control') && allowed,
    signedIn && accessCan(access, 'player.handOver'),
  );
}

/** Whether the viewer may view the room's player (refused: the room's error), cached per node. */
export function viewAccess(
  deps: Pick<Deps, 'db' | 'playerAccess'>,
  viewer: RoomViewer,
  roomId: RoomId,
  pass: RoomAccessArgs,
): Promise<RoomAccess> {
  return deps.playerAccess.get(viewer, roomId, pass, Date.now(), () =>
    authorizeRoom(deps.db, viewer, roomId, 'room.view', pass),
  );
}

/** The views handed out for each shared view, one per set of rights, made once and never changed. */
const viewsByRights = new WeakMap<SharedPlayerView, Map<string, PlayerView>>();

/**
 * The same object for every caller with the same rights over the same shared view: a live
 * query's channel (`playerChannel`) then serializes it once for all of them.
 */
function viewWithRights(
  shared: SharedPlayerView,
  canControl: boolean,
  canHandOver: boolean,
): PlayerView {
  const views = viewsByRights.get(shared) ?? new Map<string, PlayerView>();
  viewsByRights.set(shared, views);
  const key = rightsKey({ canControl, canHandOver });
  const existing = views.get(key);
  if (existing) return existing;
  const { state, track, next, hostId, playbackControl } = shared;
  const view: PlayerView = {
    state,
    track,
    next,
    hostId,
    playbackControl,
    canControl,
    canHandOver,
  };
  views.set(key, view);
  return view;
}

const rightsKey = (view: Pick<PlayerView, 'canControl' | 'canHandOver'>) =>
  `${view.canControl ? 'c' : '-'}${view.canHandOver ? 'h' : '-'}`;

/**
 * The live-query channel of a player view: everyone in the room with the same rights sees the
 * same view, so one broadcast carries a change to all of them.
 */
export const playerChannel = (roomId: RoomId, view: PlayerView) =>
  `player.get:${roomId}:${rightsKey(view)}`;

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
    playbackControl: room.playbackControl,
    validUntil: endsAt !== null && endsAt > now ? endsAt : Infinity,
  };
}

async function summaryOf(db: Database, trackId: TrackId | null): Promise<TrackSummary | null> {
  const row = trackId ? await findTrack(db, trackId) : null;
  return row ? trackSummary(row) : null;
}
