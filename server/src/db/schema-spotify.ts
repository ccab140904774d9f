import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { RoomId, TrackId } from '@music-rooms/domain/ids';
import type { SpotifyMatchReason, SpotifyUnmatchedReason } from '@music-rooms/domain/spotify';
import { rooms } from './schema';
import { tracks } from './schema-tracks';

/**
 * What the last "match all in room" on Spotify found for each track of the room (spec §2
 * /dev/spotify-find-track-test): matched (the track then holds the Spotify id) or why not. A new
 * run of the room replaces its rows; a removed track takes its row with it.
 */
export const spotifyRoomMatches = pgTable(
  'spotify_room_matches',
  {
    trackId: uuid('track_id')
      .$type<TrackId>()
      .primaryKey()
      .references(() => tracks.id, { onDelete: 'cascade' }),
    roomId: uuid('room_id')
      .$type<RoomId>()
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    /** The run (its jobs' batchId) that wrote the row. */
    batchId: uuid('batch_id').notNull(),
    matched: boolean('matched').notNull(),
    reason: text('reason').$type<SpotifyMatchReason | SpotifyUnmatchedReason>().notNull(),
    confidence: real('confidence'),
    spotifyId: text('spotify_id'),
    /** For a failed lookup: the error key. */
    error: text('error'),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('spotify_room_matches_room_idx').on(t.roomId),
    check(
      'spotify_room_matches_reason_check',
      sql`${t.reason} in ('isrc', 'artistTitleDuration', 'titleDuration', 'artistTitle', 'noCandidates', 'lowConfidence', 'failed')`,
    ),
  ],
);
