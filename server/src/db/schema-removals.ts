import { index, jsonb, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { RoomId, UserId } from '@music-rooms/domain/ids';
import { rooms, users } from './schema';

/**
 * Tracks removed a moment ago, kept so the removal can be undone (spec §2 Removal): the rows as
 * they were (with their playback copies), written as JSON when they left `tracks`, and restored
 * from it. Their stored files stay until `restore_until`; then a job deletes the files with this
 * row. A room's removal goes with the room (which deletes the files itself).
 */
export const trackRemovals = pgTable(
  'track_removals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    roomId: uuid('room_id')
      .$type<RoomId>()
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    removedBy: uuid('removed_by')
      .$type<UserId>()
      .references(() => users.id, { onDelete: 'set null' }),
    removedAt: timestamp('removed_at', { withTimezone: true }).notNull().defaultNow(),
    restoreUntil: timestamp('restore_until', { withTimezone: true }).notNull(),
    /** The removed tracks, each `{ track, playbackCopy }` as their rows were. */
    tracks: jsonb('tracks').$type<unknown[]>().notNull(),
  },
  (t) => [index('track_removals_room_idx').on(t.roomId)],
);
