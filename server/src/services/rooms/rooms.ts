import type {
  CreateRoomInput,
  RoomAccessArgs,
  RoomDetails,
  RoomInfo,
  RoomPreview,
  UpdateRoomInput,
  RoomId,
  UserId,
} from '@music-rooms/domain';
import { isUniqueViolation } from '../../db/errors';
import { inTransaction } from '../../db/transaction';
import { hashPassword } from '../accounts/passwords';
import { findUserById, toPublicUser } from '../accounts/users-store';
import type { RequestDeps } from '../deps';
import { storedFilesOfRemovals } from '../tracks/removal-store';
import { storedFilesOfRoom } from '../tracks/store';
import { removeStoredFiles } from '../tracks/stored-files';
import {
  authorizeRoom,
  capabilitiesOf,
  requireSignedIn,
  resolveRoomAccess,
  type RoomAccess,
  type RoomViewer,
} from './access';
import { roomErrors } from './errors';
import { roomCard } from './list';
import {
  deleteRoomAccessTokens,
  deleteRoomRow,
  findRoomById,
  findRoomByUrl,
  insertRoom,
  isRoomUrlTaken,
  lockRoom,
  roomUserIdsOf,
  updateRoomRow,
  type NewRoom,
  type RoomRow,
} from './store';

/** A URL race lost to another request reads as the same message as a URL already taken. */
function urlConflict(error: unknown): never {
  if (isUniqueViolation(error)) throw roomErrors.urlTaken();
  throw error;
}

/** Creates a room owned by the caller (spec §2 Create room). */
export async function createRoom(
  { db }: RequestDeps,
  viewer: RoomViewer,
  input: CreateRoomInput,
): Promise<RoomRow> {
  const ownerId = requireSignedIn(viewer);
  if (await isRoomUrlTaken(db, input.room_url)) throw roomErrors.urlTaken();
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  return insertRoom(db, {
    name: input.name,
    description: input.description,
    roomUrl: input.room_url,
    visibility: input.visibility,
    passwordHash,
    ownerId,
  }).catch(urlConflict);
}

/** The room page's view of a room; null when it does not exist. */
export async function getRoomDetails(
  deps: RequestDeps,
  viewer: RoomViewer,
  roomId: RoomId,
  pass: RoomAccessArgs,
): Promise<RoomDetails | null> {
  const room = await findRoomById(deps.db, roomId);
  if (!room) return null;
  const access = await resolveRoomAccess(deps.db, viewer, room, pass);
  if (access.viewRefusal === 'unavailable') throw roomErrors.unavailable();
  if (access.viewRefusal === 'password_required') throw roomErrors.passwordRequired();
  return details(deps, access);
}

async function details(deps: RequestDeps, access: RoomAccess): Promise<RoomDetails> {
  const card = await roomCard(deps.db, deps.presence, access.userId, access.room.id);
  if (!card) throw roomErrors.notFound();
  return {
    ...card.summary,
    author: card.author,
    capabilities: capabilitiesOf(access),
    playbackControl: access.room.playbackControl,
  };
}

/** The settings the input names, with the new password hashed (null removes it). */
async function settingsChanges(input: UpdateRoomInput): Promise<Partial<NewRoom>> {
  const changes: Partial<NewRoom> = { updatedAt: new Date() };
  if (input.name !== undefined) changes.name = input.name;
  if (input.description !== undefined) changes.description = input.description;
  if (input.room_url !== undefined) changes.roomUrl = input.room_url;
  if (input.visibility !== undefined) changes.visibility = input.visibility;
  if (input.playbackControl !== undefined) changes.playbackControl = input.playbackControl;
  if (input.password !== undefined) {
    changes.passwordHash = input.password === null ? null : await hashPassword(input.password);
  }
  return changes;
}

/**
 * Room settings: owners and admins change name, description, URL, visibility, password and who
 * controls the playback.
 */
export async function updateRoom(
  deps: RequestDeps,
  viewer: RoomViewer,
  input: UpdateRoomInput,
): Promise<RoomDetails> {
  requireSignedIn(viewer);
  const access = await authorizeRoom(deps.db, viewer, input.id, 'room.updateSettings');
  const { room } = access;
  if (input.room_url !== undefined && (await isRoomUrlTaken(deps.db, input.room_url, room.id))) {
    throw roomErrors.urlTaken();
  }
  const changes = await settingsChanges(input);
  // A new password and the end of the old one's passes go together, or neither happens.
  const updated = await inTransaction(deps.db, async (tx) => {
    const row = await updateRoomRow(tx, room.id, changes).catch(urlConflict);
    // Whoever passed the old password's gate must pass the new one.
    if (row && input.password !== undefined) await deleteRoomAccessTokens(tx, room.id);
    return row;
  });
  if (!updated) throw roomErrors.notFound();
  return details(deps, { ...access, room: updated });
}

/**
 * Deletes the room and, by cascade, its members, favourites, gate passes and tracks; then, once
 * that is committed, the tracks' stored files. Owner only.
 */
export async function removeRoom(
  deps: Pick<RequestDeps, 'db' | 'storage' | 'log'>,
  viewer: RoomViewer,
  roomId: RoomId,
): Promise<{ memberIds: UserId[] }> {
  const { db } = deps;
  requireSignedIn(viewer);
  const { room } = await authorizeRoom(db, viewer, roomId, 'room.delete');
  // The members read are the ones deleted: the locked room takes nobody new meanwhile.
  const { memberIds, files } = await inTransaction(db, async (tx) => {
    await lockRoom(tx, room.id);
    const ids = await roomUserIdsOf(tx, room.id);
    const stored = [
      ...(await storedFilesOfRoom(tx, room.id)),
      ...(await storedFilesOfRemovals(tx, room.id)),
    ];
    await deleteRoomRow(tx, room.id);
    return { memberIds: ids, files: stored };
  });
  await removeStoredFiles(deps, files);
  return { memberIds: [room.ownerId, ...memberIds] };
}

/**
 * rooms.getRoomInfoByUrl: whether a URL is free (apart from the room being edited), whether
 * the room exists, and the room itself when the caller may view it.
 */
export async function roomInfoByUrl(
  deps: RequestDeps,
  viewer: RoomViewer,
  input: { room_url: string; exclude_id?: RoomId | undefined } & RoomAccessArgs,
): Promise<{ info: RoomInfo; roomId: RoomId | null }> {
  const urlAvailable = !(await isRoomUrlTaken(deps.db, input.room_url, input.exclude_id));
  const room = await findRoomByUrl(deps.db, input.room_url);
  if (!room) {
    const info = { room: null, requiresPassword: false, roomExists: false, unavailable: false };
    return { info: { ...info, urlAvailable }, roomId: null };
  }
  const access = await resolveRoomAccess(deps.db, viewer, room, input);
  const viewable = access.viewRefusal === null;
  const card = viewable ? await roomCard(deps.db, deps.presence, viewer.userId, room.id) : null;
  const info: RoomInfo = {
    room: card?.summary ?? null,
    requiresPassword: access.viewRefusal === 'password_required',
    roomExists: true,
    urlAvailable,
    unavailable: access.viewRefusal === 'unavailable',
  };
  if (!card) info.preview = await roomPreview(deps, room);
  return { info, roomId: room.id };
}

/** What a room's card tells anyone (name, markers, owner): the gate shows it to strangers. */
async function roomPreview({ db }: RequestDeps, room: RoomRow): Promise<RoomPreview> {
  // A room goes with its owner's account: no owner, no room.
  const owner = await findUserById(db, room.ownerId);
  if (!owner) throw roomErrors.notFound();
  return {
    name: room.name,
    visibility: room.visibility,
    hasPassword: room.passwordHash !== null,
    author: toPublicUser(owner),
  };
}
