import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { PlaylistId, RoomId, TrackId, UserId } from '@music-rooms/domain/ids';
import type { TrackSource, TrackStatus, UploadStatus } from '@music-rooms/domain/tracks';
import { rooms, users } from './schema';

/** A room's playlists; each room has exactly one default playlist, made with the room. */
export const playlists = pgTable(
  'playlists',
  {
    id: uuid('id').$type<PlaylistId>().primaryKey().defaultRandom(),
    roomId: uuid('room_id')
      .$type<RoomId>()
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdBy: uuid('created_by')
      .$type<UserId>()
      .references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('playlists_room_id_idx').on(t.roomId, t.createdAt),
    uniqueIndex('playlists_default_unique')
      .on(t.roomId)
      .where(sql`${t.isDefault}`),
  ],
);

/**
 * Tracks (spec §3 Track): the room's library. Which playlists a track is in, and its place in
 * each, are its `playlist_entries`. Audio and cover live in storage under keys made from the id;
 * `content_hash` (sha256) finds duplicates.
 */
export const tracks = pgTable(
  'tracks',
  {
    id: uuid('id').$type<TrackId>().primaryKey().defaultRandom(),
    roomId: uuid('room_id')
      .$type<RoomId>()
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    artist: text('artist'),
    album: text('album'),
    year: integer('year'),
    genre: text('genre'),
    durationMs: integer('duration_ms').notNull().default(0),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull().default(0),
    status: text('status').$type<TrackStatus>().notNull().default('processing'),
    failure: text('failure'),
    source: text('source').$type<TrackSource>().notNull().default('upload'),
    format: text('format'),
    mime: text('mime'),
    bitrate: integer('bitrate'),
    sampleRate: integer('sample_rate'),
    contentHash: text('content_hash'),
    loudnessLufs: real('loudness_lufs'),
    /** The highest true peak (dBTP, EBU R128), measured with the loudness. */
    truePeakDb: real('true_peak_db'),
    /** About a thousand peaks (0…255), base64. */
    waveform: text('waveform'),
    audioKey: text('audio_key'),
    /** The cover shown: the embedded one, one set by hand, or the streaming service's. */
    coverKey: text('cover_key'),
    /** The cover the file itself carries, kept so a custom cover can be reset to it. */
    embeddedCoverKey: text('embedded_cover_key'),
    coverVersion: bigint('cover_version', { mode: 'number' }),
    originalFileName: text('original_file_name'),
    isrc: text('isrc'),
    spotifyId: text('spotify_id'),
    serviceTrackId: text('service_track_id'),
    artistExternalIds: jsonb('artist_external_ids')
      .$type<Record<string, string>>()
      .notNull()
      .default({}),
    uploadedBy: uuid('uploaded_by')
      .$type<UserId>()
      .references(() => users.id, { onDelete: 'set null' }),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('tracks_room_uploaded_idx').on(t.roomId, t.uploadedAt),
    index('tracks_room_hash_idx').on(t.roomId, t.contentHash),
    index('tracks_room_service_id_idx').on(t.roomId, t.serviceTrackId),
    index('tracks_title_trgm_idx').using('gin', sql`lower(${t.title}) gin_trgm_ops`),
    check('tracks_status_check', sql`${t.status} in ('processing', 'ready', 'failed')`),
    check('tracks_source_check', sql`${t.source} in ('upload', 'yandexMusic')`),
  ],
);

/**
 * A track's place in a playlist: one row per playlist it is in (a track may be in several of
 * its room's playlists, at most once in each). `position` is the playlist's manual order
 * (fractional, so a move rewrites one row). Every track is in at least one playlist: one that
 * would be in none goes to the end of the room's default playlist.
 */
export const playlistEntries = pgTable(
  'playlist_entries',
  {
    playlistId: uuid('playlist_id')
      .$type<PlaylistId>()
      .notNull()
      .references(() => playlists.id, { onDelete: 'cascade' }),
    trackId: uuid('track_id')
      .$type<TrackId>()
      .notNull()
      .references(() => tracks.id, { onDelete: 'cascade' }),
    position: doublePrecision('position').notNull(),
    addedBy: uuid('added_by')
      .$type<UserId>()
      .references(() => users.id, { onDelete: 'set null' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.playlistId, t.trackId] }),
    index('playlist_entries_position_idx').on(t.playlistId, t.position),
    index('playlist_entries_track_idx').on(t.trackId),
  ],
);

/**
 * Uploads (tus) as the product sees them: whose, into which room and playlist, and how far.
 * The bytes and the tus offset live in the upload store; this row survives a restart with them.
 */
export const uploads = pgTable(
  'uploads',
  {
    /** The tus upload id (also the name of its file in the upload store). */
    id: text('id').primaryKey(),
    kind: text('kind').$type<'audio' | 'cover'>().notNull().default('audio'),
    roomId: uuid('room_id')
      .$type<RoomId>()
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    playlistId: uuid('playlist_id').$type<PlaylistId>(),
    userId: uuid('user_id')
      .$type<UserId>()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The client's file name: only ever shown, never used as a path. */
    fileName: text('file_name').notNull(),
    fileType: text('file_type'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    status: text('status').$type<UploadStatus>().notNull().default('uploading'),
    failure: text('failure'),
    trackId: uuid('track_id').$type<TrackId>(),
    duplicateOf: uuid('duplicate_of').$type<TrackId>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('uploads_user_idx').on(t.userId, t.createdAt),
    index('uploads_room_idx').on(t.roomId),
    index('uploads_updated_idx').on(t.status, t.updatedAt),
  ],
);
