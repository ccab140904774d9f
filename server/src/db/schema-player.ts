import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { PlaylistId, RoomId, TrackId, UserId } from '@music-rooms/domain/ids';
import type { RepeatMode } from '@music-rooms/domain/playback';
import { rooms, users } from './schema';
import { playlists } from './schema-tracks';

/**
 * Each room's shared playback (design §4), the server's truth: the PlaybackState fields, the
 * host someone handed the label to, and the timer job that advances at the current track's end.
 * A room without a row is stopped. Times on the server timeline are epoch ms with fractions.
 */
export const roomPlayback = pgTable(
  'room_playback',
  {
    roomId: uuid('room_id')
      .$type<RoomId>()
      .primaryKey()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    playlistId: uuid('playlist_id')
      .$type<PlaylistId>()
      .references(() => playlists.id, { onDelete: 'set null' }),
    /** No foreign key: when the track goes, the player must still know which one it was. */
    trackId: uuid('track_id').$type<TrackId>(),
    /** Where the current track sat in its playlist's manual order: what "the next one" is once it is gone. */
    trackOrder: doublePrecision('track_order'),
    durationMs: integer('duration_ms').notNull().default(0),
    positionMs: doublePrecision('position_ms').notNull().default(0),
    atServerMs: doublePrecision('at_server_ms').notNull().default(0),
    playing: boolean('playing').notNull().default(false),
    repeat: text('repeat').$type<RepeatMode>().notNull().default('off'),
    shuffle: boolean('shuffle').notNull().default(false),
    revision: integer('revision').notNull().default(0),
    /** Handed the host label by an owner or admin; it holds while they stay present. */
    hostId: uuid('host_id')
      .$type<UserId>()
      .references(() => users.id, { onDelete: 'set null' }),
    hostChosenAt: timestamp('host_chosen_at', { withTimezone: true }),
    /** The queued job that advances at the current track's end (replaced at every change). */
    advanceJobId: uuid('advance_job_id'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('room_playback_playing_idx')
      .on(t.roomId)
      .where(sql`${t.playing}`),
    check('room_playback_repeat_check', sql`${t.repeat} in ('off', 'all', 'one')`),
  ],
);
