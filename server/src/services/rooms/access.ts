import {
  ROLE_CAPABILITIES,
  isRoomRole,
  roleCan,
  type RoomAccessArgs,
  type RoomCapability,
  type RoomUserRole,
  type RoomId,
  type UserId,
} from '@music-rooms/domain';
import type { Database } from '../../db';
import { hasValidAccessToken } from './access-tokens';
import { roomErrors } from './errors';
import { findRoomById, findRoomUser, type RoomRow } from './store';

/** Who asks: a signed-in user or a guest. */
export type RoomViewer = { userId: UserId | null };

/** Why someone may not look into a room, or null when they may. */
export type ViewRefusal = 'unavailable' | 'password_required' | null;

/**
 * What the caller is in one room: their role or access state (null for a stranger or a guest),
 * who invited them, and whether they may view it (spec §4 Room visibility, Password-protected room).
 */
export type RoomAccess = {
  room: RoomRow;
  userId: UserId | null;
  role: RoomUserRole | null;
  invitedBy: UserId | null;
  viewRefusal: ViewRefusal;
};

/**
 * Resolves the caller's place in the room. Members with a role and the owner always pass.
 * Anyone else (guests, strangers, requested and rejected users): an invite-only room is
 * unavailable; a room with a password needs a valid gate pass; public and hidden rooms are open.
 */
export async function resolveRoomAccess(
  db: Database,
  viewer: RoomViewer,
  room: RoomRow,
  pass: RoomAccessArgs = {},
  now = Date.now(),
): Promise<RoomAccess> {
  const { userId } = viewer;
  const row = userId && userId !== room.ownerId ? await findRoomUser(db, room.id, userId) : null;
  const role: RoomUserRole | null = userId === room.ownerId ? 'owner' : (row?.role ?? null);
  const access = { room, userId, role, invitedBy: row?.invitedBy ?? null };
  if (isRoomRole(role)) return { ...access, viewRefusal: null };
  return { ...access, viewRefusal: await strangerRefusal(db, room, pass, now) };
}

async function strangerRefusal(
  db: Database,
  room: RoomRow,
  pass: RoomAccessArgs,
  now: number,
): Promise<ViewRefusal> {
  if (room.visibility === 'inviteOnly') return 'unavailable';
  if (room.passwordHash === null) return null;
  const token = pass.accessToken;
  const sessionId = pass.session_id;
  const passed = await hasValidAccessToken(db, {
    roomId: room.id,
    now,
    ...(token ? { token } : {}),
    ...(sessionId ? { sessionId } : {}),
  });
  return passed ? null : 'password_required';
}

/** The one permission check: the role table, plus viewing for strangers who passed the gate. */
export function accessCan(access: RoomAccess, capability: RoomCapability): boolean {
  if (capability === 'room.view') return access.viewRefusal === null;
  return roleCan(access.role, capability);
}

/** What the caller may do here, for the room page (a stranger who may look in only views). */
export function capabilitiesOf(access: RoomAccess): RoomCapability[] {
  if (isRoomRole(access.role)) return [...ROLE_CAPABILITIES[access.role]];
  return access.viewRefusal === null ? ['room.view'] : [];
}

/**
 * Throws unless the caller has the capability: a refused view says why (unavailable, password
 * required); anything else a stranger asks is forbidden, and a member lacking the right gets
 * "insufficient permissions".
 */
export function requireCapability(access: RoomAccess, capability: RoomCapability): void {
  if (accessCan(access, capability)) return;
  if (access.viewRefusal === 'unavailable') throw roomErrors.unavailable();
  if (capability === 'room.view') throw roomErrors.passwordRequired();
  if (!isRoomRole(access.role)) throw roomErrors.forbidden();
  throw roomErrors.insufficientPermissions();
}

/** The signed-in caller's id; a guest is told to sign in. */
export function requireSignedIn(viewer: RoomViewer): UserId {
  if (!viewer.userId) throw roomErrors.notSignedIn();
  return viewer.userId;
}

/**
 * The first line of every room service call: the room (not_found when it is gone), the
 * caller's access to it, and the capability the call needs.
 */
export async function authorizeRoom(
  db: Database,
  viewer: RoomViewer,
  roomId: RoomId,
  capability: RoomCapability,
  pass: RoomAccessArgs = {},
): Promise<RoomAccess> {
  const room = await findRoomById(db, roomId);
  if (!room) throw roomErrors.notFound();
  const access = await resolveRoomAccess(db, viewer, room, pass);
  requireCapability(access, capability);
  return access;
}
