import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db';

/** The newest migration, which `putBehindNewestMigration` undoes. */
export const NEWEST_MIGRATION = '0013_playlist_entries';

/**
 * Makes the database as it was before the newest migration, as after a deploy of newer code
 * without a restart: tracks name their one playlist again, `playlist_entries` is gone, and so is
 * the record of its migration (`createdAt`: that record's time, as the migration tool lists it).
 */
export async function putBehindNewestMigration(db: Database, createdAt: number): Promise<void> {
  await db.execute(sql`
    ALTER TABLE tracks ADD COLUMN playlist_id uuid
      CONSTRAINT tracks_playlist_id_playlists_id_fk REFERENCES playlists(id) ON DELETE cascade;
    ALTER TABLE tracks ADD COLUMN position double precision NOT NULL DEFAULT 0;
    UPDATE tracks SET playlist_id = e.playlist_id, position = e.position
      FROM playlist_entries e WHERE e.track_id = tracks.id;
    CREATE INDEX tracks_playlist_position_idx ON tracks (playlist_id, position);
    DROP TABLE playlist_entries;`);
  await db.execute(sql`DELETE FROM drizzle.__drizzle_migrations WHERE created_at >= ${createdAt}`);
}
