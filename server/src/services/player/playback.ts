import {
  STOPPED,
  applyCommand,
  hostAllows,
  trackEndsAt,
  type JobKind,
  type JobPayloads,
  type PlaybackState,
  type PlayerCommand,
  type PlaylistId,
  type RoomAccessArgs,
  type RoomId,
} from '@music-rooms/domain';
import type { Database } from '../../db';
import { inTransaction } from '../../db/transaction';
import type { AttemptLimiter } from '../attempt-limiter';
import type { JobQueue } from '../jobs/queue';
import { authorizeRoom, requireSignedIn, type RoomViewer } from '../rooms/access';
import { serverNow } from '../server-clock';
import { trackErrors } from '../tracks/errors';
import { findPlaylist } from '../tracks/playlist-store';
import type { Presence } from '../presence/presence';
import type { RoomRow } from '../rooms/store';
import { countPlayerCommand } from './command-limit';
import { playerErrors } from './errors';
import { electedHost } from './host';
import {
  findPlayback,
  lockPlayback,
  savePlayback,
  stateOf,
  type PlaybackRow,
} from './playback-store';
import { defaultPlaylistId, readyTracksOf } from './queue-store';
import { contextFor, orderOf, settle, type PlaybackSource } from './timeline';

/**
 * The room's playback, server-authoritative (design §4): commands, and the advance at each
 * track's end. Every write locks the room's row, settles the stored state to now, checks, and
 * saves with a fresh timer for the new state's end, in one transaction.
 */

/** The durable timer that advances a room at its current track's end. */
export const ADVANCE_JOB = 'player.advance' satisfies JobKind;
export type AdvancePayload = JobPayloads[typeof ADVANCE_JOB];

type Deps = { db: Database; jobs: JobQueue };
type CommandDeps = Deps & { attempts: AttemptLimiter; presence: Presence };

/** The ready tracks of a playlist of the room: the one named, or the room's default one. */
export async function queueOf(db: Database, roomId: RoomId, playlistId: PlaylistId | null) {
  const id = playlistId ?? (await defaultPlaylistId(db, roomId));
  return { playlistId: id, queue: id ? await readyTracksOf(db, id) : [] };
}

/** What a row holds (a stopped player without one), with the queue it plays from. */
export async function sourceOf(
  db: Database,
  roomId: RoomId,
  row: PlaybackRow | null,
): Promise<PlaybackSource> {
  const state = row ? stateOf(row) : STOPPED;
  return {
    roomId,
    state,
    trackOrder: row?.trackOrder ?? null,
    ...(await queueOf(db, roomId, state.playlistId)),
  };
}

/**
 * Saves a state, replacing the room's timer: the old one is dropped (one already running finds
 * the revision moved on and does nothing), a new one is due at the new state's end.
 */
async function save(
  deps: Deps,
  tx: Database,
  row: PlaybackRow,
  state: PlaybackState,
  source: PlaybackSource,
): Promise<void> {
  if (row.advanceJobId) await deps.jobs.cancel(tx, row.advanceJobId);
  const endsAt = trackEndsAt(state);
  const payload: AdvancePayload = { roomId: row.roomId, revision: state.revision };
  const advanceJobId =
    endsAt === null
      ? null
      : await deps.jobs.enqueue(tx, ADVANCE_JOB, payload, {
          runAt: new Date(Math.ceil(endsAt)),
        });
  const trackOrder = orderOf(source.queue, state.trackId) ?? source.trackOrder;
  await savePlayback(tx, row.roomId, state, { trackOrder, advanceJobId });
}

export type CommandInput = {
  roomId: RoomId;
  revision: number;
  command: PlayerCommand;
} & RoomAccessArgs;

/**
 * A command from someone with `player.control` (participant and above; guests are asked to
 * sign in) whom the room's `playbackControl` allows (`hostAllows`), within PLAYER_LIMITS per
 * person and room. It must name the revision of the state as it is now, tracks that ended included:
 * of two commands that saw the same state, the first wins and the other is refused with the
 * current revision. A command that changes nothing answers the state as it is.
 */
export async function commandPlayer(
  deps: CommandDeps,
  viewer: RoomViewer,
  { roomId, revision, command, ...pass }: CommandInput,
): Promise<{ state: PlaybackState; changed: boolean }> {
  // Counted before any database work: a flood is refused at the least cost.
  await countPlayerCommand(deps.attempts, roomId, requireSignedIn(viewer));
  const { room } = await authorizeRoom(deps.db, viewer, roomId, 'player.control', pass);
  await requireHostAllows(deps, room, viewer);
  const named = command.type === 'select' ? (command.playlistId ?? null) : null;
  if (named) await requirePlaylistOf(deps.db, named, roomId);
  return inTransaction(deps.db, async (tx) => {
    const row = (await lockPlayback(tx, roomId, { create: true }))!;
    const source = await sourceOf(tx, roomId, row);
    const now = serverNow();
    const settled = settle(source, now, 'write');
    if (settled.revision !== revision) throw playerErrors.staleRevision(settled.revision);
    const target =
      named && named !== source.playlistId
        ? { ...source, ...(await queueOf(tx, roomId, named)) }
        : source;
    const state = applyCommand(settled, command, contextFor(target, settled, now));
    const changed = state.revision !== row.revision;
    if (changed) await save(deps, tx, row, state, target);
    return { state, changed };
  });
}

/** In a room where only the host controls the playback, refuses anyone else. */
async function requireHostAllows(deps: CommandDeps, room: RoomRow, viewer: RoomViewer) {
  if (room.playbackControl !== 'host') return;
  const hostId = await electedHost(deps, room, await findPlayback(deps.db, room.id));
  if (!hostAllows(room.playbackControl, hostId, viewer.userId)) throw playerErrors.onlyHost();
}

async function requirePlaylistOf(db: Database, playlistId: PlaylistId, roomId: RoomId) {
  const playlist = await findPlaylist(db, playlistId);
  if (!playlist || playlist.roomId !== roomId) throw trackErrors.playlistNotFound();
}

export type SettleOptions = {
  /** Only if the stored revision is still this one (a timer set for it). */
  revision?: number;
  /** Arm a new timer even when nothing changed (at start, the old one may be gone). */
  rearm?: boolean;
};

/**
 * Settles a room's stored playback to now and saves it when that changed something: at a
 * track's end (the timer), after a change to the room's tracks, and at start. A timer that
 * woke before the end (clocks apart by a hair) is set again. Answers whether the state changed.
 */
export function settleRoom(deps: Deps, roomId: RoomId, options: SettleOptions): Promise<boolean> {
  return inTransaction(deps.db, async (tx) => {
    const row = await lockPlayback(tx, roomId, { create: false });
    if (!row) return false;
    if (options.revision !== undefined && row.revision !== options.revision) return false;
    const source = await sourceOf(tx, roomId, row);
    const state = settle(source, serverNow(), 'write');
    const changed = state.revision !== row.revision;
    const woke = options.revision !== undefined;
    if (changed || options.rearm || woke) await save(deps, tx, row, state, source);
    return changed;
  });
}
