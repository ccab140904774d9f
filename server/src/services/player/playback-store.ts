import { eq, sql } from 'drizzle-orm';
import type { PlaybackState, RoomId, UserId } from '@music-rooms/domain';
import type { Database } from '../../db';
import { roomPlayback } from '../../db/schema';
import { isUuid } from '../../db/uuid';

export type PlaybackRow = typeof roomPlayback.$inferSelect;

/**
 * Reading and writing each room's playback row, one statement each; the rules live in the
 * services. Writers lock the row first, so a check and the update after it are one step.
 */

export async function findPlayback(db: Database, roomId: RoomId): Promise<PlaybackRow | null> {
  if (!isUuid(roomId)) return null;
  const [row] = await db.select().from(roomPlayback).where(eq(roomPlayback.roomId, roomId));
  return row ?? null;
}

/** Locks the room's row until the transaction ends, making a stopped one first if asked. */
export async function lockPlayback(
  tx: Database,
  roomId: RoomId,
  options: { create: boolean },
): Promise<PlaybackRow | null> {
  if (options.create) {
    await tx.insert(roomPlayback).values({ roomId }).onConflictDoNothing();
  }
  const [row] = await tx
    .select()
    .from(roomPlayback)
    .where(eq(roomPlayback.roomId, roomId))
    .for('update');
  return row ?? null;
}

export async function savePlayback(
  tx: Database,
  roomId: RoomId,
  state: PlaybackState,
  extra: { trackOrder: number | null; advanceJobId: string | null },
): Promise<void> {
  await tx
    .update(roomPlayback)
    .set({
      playlistId: state.playlistId,
      trackId: state.trackId,
      durationMs: state.durationMs,
      positionMs: state.positionMs,
      atServerMs: state.atServerMs,
      playing: state.playing,
      repeat: state.repeat,
      shuffle: state.shuffle,
      revision: state.revision,
      ...extra,
      updatedAt: sql`now()`,
    })
    .where(eq(roomPlayback.roomId, roomId));
}

/** Records who an owner or admin handed the host label to, and when. */
export async function saveChosenHost(
  db: Database,
  roomId: RoomId,
  hostId: UserId,
  at: Date,
): Promise<void> {
  await db
    .insert(roomPlayback)
    .values({ roomId, hostId, hostChosenAt: at })
    .onConflictDoUpdate({
      target: roomPlayback.roomId,
      set: { hostId, hostChosenAt: at, updatedAt: sql`now()` },
    });
}

/** Rooms whose music is playing (to catch up and re-arm their timers at start). */
export async function playingRoomIds(db: Database): Promise<RoomId[]> {
  const rows = await db
    .select({ roomId: roomPlayback.roomId })
    .from(roomPlayback)
    .where(eq(roomPlayback.playing, true));
  return rows.map((row) => row.roomId);
}

/** The state a row holds. */
export function stateOf(row: PlaybackRow): PlaybackState {
  return {
    playlistId: row.playlistId,
    trackId: row.trackId,
    durationMs: row.durationMs,
    positionMs: row.positionMs,
    atServerMs: row.atServerMs,
    playing: row.playing,
    repeat: row.repeat,
    shuffle: row.shuffle,
    revision: row.revision,
  };
}
