import type { z } from 'zod';

/**
 * Branded ids: a room id and a user id are both strings, but one cannot be passed where the
 * other is expected (`updateRoomUserRole(roomId, userId)` with the two swapped fails to compile).
 * The brand is zod's, so a schema's `.brand<'RoomId', 'inout'>()` gives the same type; the type
 * import costs the browser nothing.
 */
export type UserId = string & z.$brand<'UserId'>;
export type RoomId = string & z.$brand<'RoomId'>;
export type TrackId = string & z.$brand<'TrackId'>;
export type PlaylistId = string & z.$brand<'PlaylistId'>;

/**
 * An id read from a place the type system cannot follow (a URL, storage, a database row the
 * schema does not type): the caller vouches for what it names.
 */
export const asUserId = (id: string) => id as UserId;
export const asRoomId = (id: string) => id as RoomId;
export const asTrackId = (id: string) => id as TrackId;
export const asPlaylistId = (id: string) => id as PlaylistId;
