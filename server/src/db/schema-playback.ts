import { bigint, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { TrackId } from '@music-rooms/domain/ids';
import type { PlaybackSegment } from '@music-rooms/domain/player';
import { tracks } from './schema-tracks';

/**
 * Each ready track's playback copy: one FLAC file in storage (16-bit, at most 48 kHz and two
 * channels) and the index the player decodes it by, in segments of whole frames. `source_key`
 * is the audio it was made from, so a copy never outlives a replaced file unnoticed.
 */
export const trackPlaybackCopies = pgTable('track_playback_copies', {
  trackId: uuid('track_id')
    .$type<TrackId>()
    .primaryKey()
    .references(() => tracks.id, { onDelete: 'cascade' }),
  storageKey: text('storage_key').notNull(),
  sourceKey: text('source_key').notNull(),
  /** Part of the copy's content hash: a rebuilt copy has another, so caches never mix them. */
  version: text('version').notNull(),
  sampleRate: integer('sample_rate').notNull(),
  channels: integer('channels').notNull(),
  totalSamples: bigint('total_samples', { mode: 'number' }).notNull(),
  sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
  /** `fLaC` and STREAMINFO (total samples and MD5 cleared), base64: put before each segment. */
  headerBase64: text('header_base64').notNull(),
  segments: jsonb('segments').$type<PlaybackSegment[]>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
