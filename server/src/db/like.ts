import { ilike, or, type SQL } from 'drizzle-orm';
import { rooms } from './schema';
import { tracks } from './schema-tracks';

/** A LIKE pattern that matches the text literally (% and _ typed by a person are no wildcards). */
export const likeContaining = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * What the developer track tools search across every room: a track whose title or artist, or
 * whose room's name, contains the text (with `rooms` joined); nothing to filter for no text.
 */
export function trackOrRoomNamed(search: string): SQL | undefined {
  if (!search) return undefined;
  const pattern = likeContaining(search);
  return or(
    ilike(tracks.title, pattern),
    ilike(tracks.artist, pattern),
    ilike(rooms.name, pattern),
  );
}
