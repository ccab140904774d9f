import type { PlaylistId, TrackId } from './ids';
import {
  PLAY_LEAD_MS,
  positionAt,
  trackEndsAt,
  type PlaybackState,
  type RepeatMode,
} from './playback';

/** What people in a room may ask of the player (§4 Player sync, §6 "interacts with the player"). */
export type PlayerCommand =
  | { type: 'play' }
  | { type: 'pause' }
  | { type: 'seek'; positionMs: number }
  | { type: 'next' }
  | { type: 'previous' }
  | { type: 'select'; trackId: TrackId; playlistId?: PlaylistId }
  | { type: 'repeat'; mode: RepeatMode }
  | { type: 'shuffle'; on: boolean };

/** A playable track of the playlist, in its manual order. */
export type QueueTrack = { id: TrackId; durationMs: number };

export type CommandContext = {
  now: number;
  /** The ready tracks of the state's playlist (or of the one a select names), in order. */
  queue: readonly QueueTrack[];
  playlistId: PlaylistId | null;
  /** A number in [0, 1); shuffle picks with it (the server passes Math.random). */
  random: () => number;
};

/** Within this much of its start, "previous" goes to the track before; later it restarts. */
const RESTART_AFTER_MS = 3000;

const bump = (state: PlaybackState, changes: Partial<PlaybackState>): PlaybackState => ({
  ...state,
  ...changes,
  revision: state.revision + 1,
});

/** The track at an index, playing from its start at `at`. */
function startTrack(state: PlaybackState, ctx: CommandContext, index: number, at: number) {
  const track = ctx.queue[index]!;
  return bump(state, {
    playlistId: ctx.playlistId,
    trackId: track.id,
    durationMs: track.durationMs,
    positionMs: 0,
    atServerMs: at,
    playing: true,
  });
}

/** Stops at the start of the playlist's first track (or with nothing when it is empty). */
function stopAtStart(state: PlaybackState, ctx: CommandContext, at: number): PlaybackState {
  const first = ctx.queue[0];
  return bump(state, {
    playlistId: ctx.playlistId,
    trackId: first?.id ?? null,
    durationMs: first?.durationMs ?? 0,
    positionMs: 0,
    atServerMs: at,
    playing: false,
  });
}

function indexOf(ctx: CommandContext, trackId: TrackId | null): number {
  return trackId ? ctx.queue.findIndex((track) => track.id === trackId) : -1;
}

/** A random index of the queue other than `current` (any index when there is none). */
function shuffledIndex(ctx: CommandContext, current: number): number {
  if (ctx.queue.length <= 1) return 0;
  if (current < 0) return Math.floor(ctx.random() * ctx.queue.length);
  const pick = Math.floor(ctx.random() * (ctx.queue.length - 1));
  return pick >= current ? pick + 1 : pick;
}

/**
 * The track after the current one: the same one again (repeat one, when it ended by itself), a
 * random other one (shuffle), the next in order, or the first again (repeat all); past the last
 * with repeat off, the player stops at the start. `at` is when it starts: the instant the
 * previous one ended, so the change is gapless.
 */
export function advance(
  state: PlaybackState,
  ctx: CommandContext,
  at: number,
  ended: boolean,
): PlaybackState {
  if (ctx.queue.length === 0) return stopAtStart(state, ctx, at);
  const current = indexOf(ctx, state.trackId);
  if (ended && state.repeat === 'one' && current >= 0) return startTrack(state, ctx, current, at);
  if (state.shuffle) return startTrack(state, ctx, shuffledIndex(ctx, current), at);
  const next = current + 1;
  if (next < ctx.queue.length) return startTrack(state, ctx, next, at);
  if (state.repeat === 'all' || state.repeat === 'one') return startTrack(state, ctx, 0, at);
  return stopAtStart(state, ctx, at);
}

function previous(state: PlaybackState, ctx: CommandContext): PlaybackState {
  const start = ctx.now + PLAY_LEAD_MS;
  const current = indexOf(ctx, state.trackId);
  if (current < 0) return ctx.queue.length ? startTrack(state, ctx, 0, start) : state;
  if (positionAt(state, ctx.now) > RESTART_AFTER_MS) return startTrack(state, ctx, current, start);
  const before = current > 0 ? current - 1 : state.repeat === 'all' ? ctx.queue.length - 1 : 0;
  return startTrack(state, ctx, before, start);
}

function play(state: PlaybackState, ctx: CommandContext): PlaybackState {
  const start = ctx.now + PLAY_LEAD_MS;
  if (state.playing) return state;
  if (indexOf(ctx, state.trackId) < 0) {
    return ctx.queue.length ? startTrack(state, ctx, 0, start) : state;
  }
  const atEnd = state.durationMs > 0 && state.positionMs >= state.durationMs;
  return bump(state, {
    positionMs: atEnd ? 0 : state.positionMs,
    atServerMs: start,
    playing: true,
  });
}

function seek(state: PlaybackState, ctx: CommandContext, positionMs: number): PlaybackState {
  if (!state.trackId) return state;
  const limit = state.durationMs > 0 ? state.durationMs : positionMs;
  const clamped = Math.max(0, Math.min(positionMs, limit));
  if (!state.playing && clamped === state.positionMs) return state;
  return bump(state, {
    positionMs: clamped,
    atServerMs: state.playing ? ctx.now + PLAY_LEAD_MS : ctx.now,
  });
}

/**
 * The state after a command, with its revision bumped; the same state (same revision) when the
 * command changes nothing, such as play while playing or selecting a track not in the queue.
 */
export function applyCommand(
  state: PlaybackState,
  command: PlayerCommand,
  ctx: CommandContext,
): PlaybackState {
  switch (command.type) {
    case 'play':
      return play(state, ctx);
    case 'pause': {
      if (!state.playing) return state;
      const positionMs = Math.max(0, positionAt(state, ctx.now));
      return bump(state, { positionMs, atServerMs: ctx.now, playing: false });
    }
    case 'seek':
      return seek(state, ctx, command.positionMs);
    case 'next':
      return advance(state, ctx, ctx.now + PLAY_LEAD_MS, false);
    case 'previous':
      return previous(state, ctx);
    case 'select': {
      const index = indexOf(ctx, command.trackId);
      return index < 0 ? state : startTrack(state, ctx, index, ctx.now + PLAY_LEAD_MS);
    }
    case 'repeat':
      return command.mode === state.repeat ? state : bump(state, { repeat: command.mode });
    case 'shuffle':
      return command.on === state.shuffle ? state : bump(state, { shuffle: command.on });
  }
}

/**
 * The state once the current track left the queue (removed, moved, no longer ready): the track
 * now at `index` (the one that followed it) takes its place, or a random one with shuffle on;
 * from its start a lead from now if the music was playing, paused at its start otherwise. Past
 * the end of the queue, repeat all wraps to the first track; otherwise the player stops at the
 * start.
 */
export function replaceCurrentTrack(
  state: PlaybackState,
  ctx: CommandContext,
  index: number,
): PlaybackState {
  if (ctx.queue.length === 0) return stopAtStart(state, ctx, ctx.now);
  const wraps = index >= ctx.queue.length && state.repeat !== 'off';
  if (!state.shuffle && index >= ctx.queue.length && !wraps) {
    return stopAtStart(state, ctx, ctx.now);
  }
  const chosen = state.shuffle ? shuffledIndex(ctx, -1) : wraps ? 0 : Math.max(0, index);
  const started = startTrack(state, ctx, chosen, ctx.now + PLAY_LEAD_MS);
  return state.playing ? started : { ...started, playing: false, atServerMs: ctx.now };
}

/** The state when the current track has ended at `endedAt`, or null when it has not. */
export function afterTrackEnd(state: PlaybackState, ctx: CommandContext): PlaybackState | null {
  const endsAt = trackEndsAt(state);
  if (endsAt === null || endsAt > ctx.now) return null;
  return advance(state, ctx, endsAt, true);
}

/**
 * The state at `ctx.now` after every track that ended meanwhile (the server was down, or no node
 * heard the end): each next track starts where the one before ended, as if the room had played on.
 */
export function catchUp(
  state: PlaybackState,
  ctx: CommandContext,
  maxTracks = 1000,
): PlaybackState {
  let current = state;
  for (let i = 0; i < maxTracks; i += 1) {
    const next = afterTrackEnd(current, ctx);
    if (!next) return current;
    current = next;
  }
  return stopAtStart(current, ctx, ctx.now);
}
