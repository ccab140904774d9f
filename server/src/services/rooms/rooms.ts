import { eq } from 'drizzle-orm';
import type {
  CreateRoomInput,
  RoomAccessArgs,
  RoomDetails,
  RoomInfo,
  UpdateRoomInput,
} from '@music-rooms/domain';
import type { Database } from '../../db';
import { roomUsers, rooms } from '../../db/schema';
import { hashPassword } from '../passwords';
import type { Presence } from '../presence/presence';
import {
  authorizeRoom,
  capabilitiesOf,
  requireSignedIn,
  resolveRoomAccess,
  type RoomAccess,
  type RoomViewer,
} from './access';
import { deleteRoomAccessTokens } from './access-tokens';
import { roomErrors } from './errors';
import { roomCard } from './list';
import {
  findRoomById,
  findRoomByUrl,
  isRoomUrlTaken,
  isUniqueViolation,
  type RoomRow,
} from './store';

/** What the room services need besides the database: who is present where. */
export type RoomDeps = { db: Database; presence: Presence };

/** A URL race lost to another request reads as the same message as a URL already taken. */
function urlConflict(error: unknown): never {
  if (isUniqueViolation(error)) throw roomErrors.urlTaken();
  throw error;
}

/** Creates a room owned by the caller (spec §2 Create room). */
export async function createRoom(
  { db }: RoomDeps,
  viewer: RoomViewer,
  input: CreateRoomInput,
): Promise<RoomRow> {
  const ownerId = requireSignedIn(viewer);
  if (await isRoomUrlTaken(db, input.room_url)) throw roomErrors.urlTaken();
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  const [row] = await db
    .insert(rooms)
    .values({
      name: input.name,
      description: input.description,
      roomUrl: input.room_url,
      visibility: input.visibility,
      passwordHash,
      ownerId,
    })
    .returning()
    .catch(urlConflict);
  return row!;
}

/** The room page's view of a room; null when it does not exist. */
export async function getRoomDetails(
  deps: RoomDeps,
  viewer: RoomViewer,
  roomId: string,
  pass: RoomAccessArgs,
): Promise<RoomDetails | null> {
  const room = await findRoomById(deps.db, roomId);
  if (!room) return null;
  const access = await resolveRoomAccess(deps.db, viewer, room, pass);
  if (access.viewRefusal === 'unavailable') throw roomErrors.unavailable();
  if (access.viewRefusal === 'password_required') throw roomErrors.passwordRequired();
  return details(deps, access);
}

async function details(deps: RoomDeps, access: RoomAccess): Promise<RoomDetails> {
  const card = await roomCard(deps.db, deps.presence, access.userId, access.room.id);
  if (!card) throw roomErrors.notFound();
  return { ...card.summary, author: card.author, capabilities: capabilitiesOf(access) };
}

/** Room settings: owners and admins change name, description, URL, visibility and password. */
export async function updateRoom(
  deps: RoomDeps,
  viewer: RoomViewer,
  input: UpdateRoomInput,
): Promise<RoomDetails> {
  requireSignedIn(viewer);
  const access = await authorizeRoom(deps.db, viewer, input.id, 'room.updateSettings');
  const { room } = access;
  if (input.room_url !== undefined && (await isRoomUrlTaken(deps.db, input.room_url, room.id))) {
    throw roomErrors.urlTaken();
  }
  const changes: Partial<RoomRow> = { updatedAt: new Date() };
  if (input.name !== undefined) changes.name = input.name;
  if (input.description !== undefined) changes.description = input.description;
  if (input.room_url !== undefined) changes.roomUrl = input.room_url;
  if (input.visibility !== undefined) changes.visibility = input.visibility;
  if (input.password !== undefined) {
    changes.passwordHash = input.password === null ? null : await hashPassword(input.password);
  }
  const [updated] = await deps.db
    .update(rooms)
    .set(changes)
    .where(eq(rooms.id, room.id))
    .returning()
    .catch(urlConflict);
  if (!updated) throw roomErrors.notFound();
  // Whoever passed the old password's gate must pass the new one.
  if (input.password !== undefined) await deleteRoomAccessTokens(deps.db, room.id);
  return details(deps, { ...access, room: updated });
}

/** Deletes the room and, by cascade, its members, favourites and gate passes. Owner only. */
export async function removeRoom(
  { db }: RoomDeps,
  viewer: RoomViewer,
  roomId: string,
): Promise<{ memberIds: string[] }> {
  requireSignedIn(viewer);
  const { room } = await authorizeRoom(db, viewer, roomId, 'room.delete');
  const members = await db
    .select({ userId: roomUsers.userId })
    .from(roomUsers)
    .where(eq(roomUsers.roomId, room.id));
  await db.delete(rooms).where(eq(rooms.id, room.id));
  return { memberIds: [room.ownerId, ...members.map((member) => member.userId)] };
}

/**
 * rooms.getRoomInfoByUrl: whether a URL is free (apart from the room being edited), whether
 * the room exists, and the room itself when the caller may view it.
 */
export async function roomInfoByUrl(
  deps: RoomDeps,
  viewer: RoomViewer,
  input: { room_url: string; exclude_id?: string | undefined } & RoomAccessArgs,
): Promise<{ info: RoomInfo; roomId: string | null }> {
  const urlAvailable = !(await isRoomUrlTaken(deps.db, input.room_url, input.exclude_id));
  const room = await findRoomByUrl(deps.db, input.room_url);
  if (!room) {
    const info = { room: null, requiresPassword: false, roomExists: false, unavailable: false };
    return { info: { ...info, urlAvailable }, roomId: null };
  }
  const access = await resolveRoomAccess(deps.db, viewer, room, input);
  const viewable = access.viewRefusal === null;
  const card = viewable ? await roomCard(deps.db, deps.presence, viewer.userId, room.id) : null;
  return {
    info: {
      room: card?.summary ?? null,
      requiresPassword: access.viewRefusal === 'password_required',
      roomExists: true,
      urlAvailable,
      unavailable: access.viewRefusal === 'unavailable',
    },
    roomId: room.id,
  };
}
