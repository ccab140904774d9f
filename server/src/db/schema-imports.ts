import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { PlaylistId, RoomId, TrackId, UserId } from '@music-rooms/domain/ids';
import type { ImportItemStatus, ImportStatus } from '@music-rooms/domain/yandex-music';
import { rooms, users } from './schema';
import { playlists, tracks } from './schema-tracks';

/**
 * Imports from the streaming service. No column holds the person's token: it lives only in the
 * memory of the node that runs the import (`holder_node`), which renews `holder_until` while it
 * works. An import whose holder stopped renewing (the node restarted) has its unfinished tracks
 * marked as needing the token again.
 */
export const yandexImports = pgTable(
  'yandex_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    roomId: uuid('room_id')
      .$type<RoomId>()
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    playlistId: uuid('playlist_id')
      .$type<PlaylistId>()
      .notNull()
      .references(() => playlists.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .$type<UserId>()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title'),
    status: text('status').$type<ImportStatus>().notNull().default('active'),
    holderNode: text('holder_node'),
    holderUntil: timestamp('holder_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('yandex_imports_user_room_idx').on(t.userId, t.roomId, t.createdAt),
    index('yandex_imports_active_idx')
      .on(t.holderUntil)
      .where(sql`${t.status} = 'active'`),
    check('yandex_imports_status_check', sql`${t.status} in ('active', 'finished', 'cancelled')`),
  ],
);

/** What the service says of a track that the track row takes once the file is processed. */
export type ServiceTrackFacts = {
  album: string | null;
  year: number | null;
  genre: string | null;
  isrc: string | null;
  artistIds: string[];
  /** The service's cover address (its size as `%%`), used when the file carries none. */
  coverUri: string | null;
};

/** One track of an import, with its progress. */
export const yandexImportItems = pgTable(
  'yandex_import_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    importId: uuid('import_id')
      .notNull()
      .references(() => yandexImports.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    serviceTrackId: text('service_track_id').notNull(),
    title: text('title').notNull(),
    artists: text('artists').notNull().default(''),
    durationMs: integer('duration_ms').notNull().default(0),
    facts: jsonb('facts').$type<ServiceTrackFacts>().notNull(),
    status: text('status').$type<ImportItemStatus>().notNull().default('queued'),
    failure: text('failure'),
    failureData: jsonb('failure_data')
      .$type<Record<string, string | number>>()
      .notNull()
      .default({}),
    bytesDone: bigint('bytes_done', { mode: 'number' }).notNull().default(0),
    bytesTotal: bigint('bytes_total', { mode: 'number' }),
    trackId: uuid('track_id')
      .$type<TrackId>()
      .references(() => tracks.id, { onDelete: 'set null' }),
    jobId: uuid('job_id'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('yandex_import_items_import_idx').on(t.importId, t.position),
    check(
      'yandex_import_items_status_check',
      sql`${t.status} in ('queued', 'downloading', 'processing', 'ready', 'failed', 'duplicate', 'cancelled')`,
    ),
  ],
);
