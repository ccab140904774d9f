import { and, asc, desc, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { RoomListQuery } from '@music-rooms/domain';
import { roomFavorites, roomUsers, rooms, users } from '../../db/schema';

/** The pieces of the room list queries: which rooms, in which order, with which columns. */

/** Which rooms a list holds: the public list, or the rooms of one user. */
export type ListScope = { kind: 'public' } | { kind: 'mine'; userId: string };

/** Stands for "nobody" in joins on the viewer, so a guest's query has the same shape. */
export const NOBODY = '00000000-0000-0000-0000-000000000000';

/** The viewer's own room_users row and favourite, joined by the queries that read them. */
export const my = alias(roomUsers, 'my');
export const favorite = alias(roomFavorites, 'favorite');

/** The author columns a card shows. */
export const authorColumns = {
  _id: users.id,
  name: users.name,
  username: users.username,
  avatar: users.avatar,
};

/** `%text%` for LIKE, with the wildcards the user typed taken literally. */
function containing(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** Rooms anyone may find in the public list: all but hidden ones. */
export const listedPublicly = ne(rooms.visibility, 'hidden');

export function searchFilter(search: string): SQL {
  const pattern = containing(search);
  // An invite-only room's description is not shown to strangers, so it is not searched either.
  return or(
    sql`lower(${rooms.name}) like ${pattern}`,
    and(ne(rooms.visibility, 'inviteOnly'), sql`lower(${rooms.description}) like ${pattern}`),
  )!;
}

/** The rooms of the public list that match the search, whoever looks. */
export function publicFilter(search: string | undefined): SQL {
  return search ? and(listedPublicly, searchFilter(search))! : listedPublicly;
}

export function ordering(sort: RoomListQuery['sort'], active: Map<string, number>): SQL[] {
  switch (sort) {
    case 'oldest':
      return [asc(rooms.createdAt), asc(rooms.id)];
    case 'name':
      return [asc(sql`lower(${rooms.name})`), asc(rooms.id)];
    case 'nameDesc':
      return [desc(sql`lower(${rooms.name})`), desc(rooms.id)];
    case 'active': {
      // The live counts travel as one JSON parameter: rooms nobody is in count 0.
      const counts = JSON.stringify(Object.fromEntries(active));
      return [
        desc(sql`coalesce((${counts}::jsonb ->> ${rooms.id}::text)::int, 0)`),
        desc(rooms.createdAt),
        desc(rooms.id),
      ];
    }
    default:
      return [desc(rooms.createdAt), desc(rooms.id)];
  }
}
