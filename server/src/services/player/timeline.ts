import { createHash } from 'node:crypto';
import {
  advance,
  afterTrackEnd,
  catchUp,
  replaceCurrentTrack,
  trackEndsAt,
  type CommandContext,
  type PlaybackState,
  type PlaylistId,
  type QueueTrack,
  type RoomId,
  type TrackId,
} from '@music-rooms/domain';

/**
 * The room's playback as the server settles it before anyone sees or changes it: the current
 * track's place in its queue, the tracks that ended meanwhile. Pure: the same stored state,
 * queue and instant give the same answer on every node, at every read.
 */

/** A ready track of the queue and its place in the playlist's manual order. */
export type QueueEntry = QueueTrack & { order: number };

/** What is stored of a room's playback, with the queue it plays from. */
export type PlaybackSource = {
  roomId: RoomId;
  state: PlaybackState;
  /** Where the current track sat in the manual order (what follows it once it is gone). */
  trackOrder: number | null;
  queue: readonly QueueEntry[];
  playlistId: PlaylistId | null;
};

/** More tracks than this ending unseen (days of a tiny playlist on repeat) stops the player. */
const MAX_CATCH_UP = 10_000;

/**
 * The shuffle's pick for a state, in [0, 1): fixed by the room and the revision, so every node,
 * every read and the timer at the track's end choose the same next track, and the view can say
 * ahead of time which one it is.
 */
export function shuffleDraw(roomId: RoomId, revision: number): number {
  const digest = createHash('sha256').update(`${roomId}:${revision}`).digest();
  return digest.readUInt32BE(0) / 2 ** 32;
}

/** The context a command or an advance of this state runs in. */
export function contextFor(
  source: Pick<PlaybackSource, 'roomId' | 'queue' | 'playlistId'>,
  state: PlaybackState,
  now: number,
): CommandContext {
  const draw = shuffleDraw(source.roomId, state.revision);
  return { now, queue: source.queue, playlistId: source.playlistId, random: () => draw };
}

/** The index of the first track after `order` in the manual order (the queue's length if none). */
function indexAfter(queue: readonly QueueEntry[], order: number | null): number {
  if (order === null) return 0;
  const index = queue.findIndex((track) => track.order > order);
  return index < 0 ? queue.length : index;
}

/**
 * The state at `now`. A writer (a command, the timer, a change to the tracks) also moves on
 * when the current track left the queue: the one after it takes its place from a lead after
 * `now`. A reader cannot choose that instant (each read would choose another), so it shows the
 * stored state until a writer has moved on, which it does as soon as the track list changes.
 * A track whose length changed (a replaced file, a fixed duration) keeps playing with its new
 * length. Then every track that ended by `now` is followed by the next, gaplessly.
 */
export function settle(source: PlaybackSource, now: number, mode: 'read' | 'write'): PlaybackState {
  let state = source.state;
  if (state.trackId) {
    const current = source.queue.find((track) => track.id === state.trackId);
    if (!current && mode === 'read') return state;
    if (!current) {
      const index = indexAfter(source.queue, source.trackOrder);
      state = replaceCurrentTrack(state, contextFor(source, state, now), index);
    } else if (current.durationMs !== state.durationMs) {
      state = { ...state, durationMs: current.durationMs, revision: state.revision + 1 };
    }
  }
  return catchUpFrom(source, state, now);
}

function catchUpFrom(source: PlaybackSource, start: PlaybackState, now: number): PlaybackState {
  let state = start;
  for (let i = 0; i < MAX_CATCH_UP; i += 1) {
    // A context per step: each advance draws the shuffle of its own revision.
    const next = afterTrackEnd(state, contextFor(source, state, now));
    if (!next) return state;
    state = next;
  }
  return catchUp(state, contextFor(source, state, now), 0);
}

/**
 * The track that follows the current one when it ends, if nothing changes meanwhile: the same
 * choice the timer makes then. Null when the player stops after it.
 */
export function upcomingTrack(source: PlaybackSource, state: PlaybackState): TrackId | null {
  if (!state.trackId || !source.queue.some((track) => track.id === state.trackId)) return null;
  const endsAt = trackEndsAt(state) ?? state.atServerMs;
  const next = advance(state, contextFor(source, state, endsAt), endsAt, true);
  return next.playing ? next.trackId : null;
}

/** Where a track sits in the queue's manual order, or null when it is not in it. */
export function orderOf(queue: readonly QueueEntry[], trackId: TrackId | null): number | null {
  return queue.find((track) => track.id === trackId)?.order ?? null;
}
