import type { RoomId, UserId } from '@music-rooms/domain/ids';
import type { AssignableRole, RoomAccessArgs } from '@music-rooms/domain/rooms';
import { callMutation, callQuery } from '../../lib/api/functions';

/**
 * The room calls the pages make once (spec §7); what must stay current is read with live
 * queries instead (room lists, the room, its users).
 */

export function toggleFavorite(roomId: RoomId, userId: UserId, pass: RoomAccessArgs = {}) {
  return callMutation('rooms.toggleFavorite', { roomId, userId, ...pass });
}

export function requestAccess(roomId: RoomId) {
  return callMutation('rooms.requestAccess', { roomId });
}

/** Whether a room URL is free (apart from the room being edited). */
export async function isRoomUrlAvailable(roomUrl: string, excludeId?: RoomId): Promise<boolean> {
  const info = await callQuery('rooms.getRoomInfoByUrl', {
    room_url: roomUrl,
    ...(excludeId ? { exclude_id: excludeId } : {}),
  });
  return info.urlAvailable;
}

export function generateAccessToken(roomUrl: string, password: string, sessionId: string) {
  return callMutation('rooms.generateAccessToken', {
    room_url: roomUrl,
    password,
    session_id: sessionId,
  });
}

export function verifyAccessToken(roomUrl: string, token: string, sessionId: string) {
  return callQuery('rooms.verifyAccessToken', {
    room_url: roomUrl,
    token,
    session_id: sessionId,
  });
}

/** Sweeps every expired pass on the server (spec §4: after a "Token expired" answer). */
export function cleanupExpiredTokens() {
  return callMutation('rooms.cleanupExpiredTokens', {});
}

export function addRoomUser(roomId: RoomId, usernameOrEmail: string, role: AssignableRole) {
  return callMutation('rooms.addUser', { roomId, usernameOrEmail, role });
}

export function changeRoomUserRole(roomId: RoomId, userId: UserId, role: AssignableRole) {
  return callMutation('rooms.updateUserRole', { roomId, userId, role });
}

export function removeRoomUser(roomId: RoomId, userId: UserId) {
  return callMutation('rooms.removeUser', { roomId, userId });
}

export function approveRequest(roomId: RoomId, userId: UserId, role: AssignableRole) {
  return callMutation('rooms.approveRequest', { roomId, userId, role });
}

export function rejectRequest(roomId: RoomId, userId: UserId) {
  return callMutation('rooms.rejectRequest', { roomId, userId });
}
