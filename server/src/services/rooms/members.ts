import {
  ROOM_ERRORS,
  ROOM_LIMITS,
  memberChangeRefusal,
  roleRank,
  type AccessRequestStatus,
  type AssignableRole,
  type RoomAccessArgs,
  type RoomErrorKey,
  type RoomMember,
  type RoomMemberRef,
  type RoomUsersResult,
  type RoomId,
  type UserId,
} from '@music-rooms/domain';
import type { Database } from '../../db';
import {
  findUserByEmailOrUsername,
  findUserById,
  toPublicUser,
  type UserRow,
} from '../accounts/users-store';
import {
  accessCan,
  authorizeRoom,
  requireSignedIn,
  type RoomAccess,
  type RoomViewer,
} from './access';
import type { RequestDeps } from '../deps';
import { tellAccessRequest } from './access-request-news';
import { roomErrors } from './errors';
import {
  deleteRoomUser,
  findRoomById,
  findRoomUser,
  insertAccessRequest,
  listRoomUserAccounts,
  roomUserIdsOf,
  updateRoomUser,
  upsertRoomUser,
} from './store';

/** The room's users and its access requests (spec §2 Users modal, §6 removal rules). */

const actorOf = (access: RoomAccess): RoomMemberRef => ({
  userId: access.userId,
  role: access.role,
  invitedBy: access.invitedBy,
});

/**
 * Members for anyone with users.view (the owner first, then by role), and the pending and
 * refused requests for those who may manage users. A member's `manageable` follows the removal
 * rules; a request's, whether the viewer may decide on it (a refusal stands for other admins).
 */
export async function listRoomUsers(
  { db }: RequestDeps,
  viewer: RoomViewer,
  roomId: RoomId,
  pass: RoomAccessArgs,
): Promise<RoomUsersResult> {
  const access = await authorizeRoom(db, viewer, roomId, 'users.view', pass);
  const { room } = access;
  const rows = await listRoomUserAccounts(db, room.id);
  const owner = await findUserById(db, room.ownerId);
  const actor = actorOf(access);
  const toMember = (
    ref: RoomMemberRef,
    user: UserRow,
    joinedAt: Date,
    refusal = memberChangeRefusal(actor, ref),
  ): RoomMember => ({
    user: toPublicUser(user),
    role: ref.role!,
    invitedBy: ref.invitedBy,
    joinedAt: joinedAt.getTime(),
    manageable: refusal === null,
    refusal,
  });
  const members: RoomMember[] = owner
    ? [toMember({ userId: owner.id, role: 'owner', invitedBy: null }, owner, room.createdAt)]
    : [];
  const requests: RoomMember[] = [];
  for (const { member, user } of rows) {
    if (roleRank(member.role) > 0) members.push(toMember(member, user, member.createdAt));
    // A request's refusal is why the viewer may not let this person in (a refusal that stands).
    else requests.push(toMember(member, user, member.createdAt, reversalRefusal(access, member)));
  }
  members.sort((a, b) => roleRank(b.role) - roleRank(a.role) || a.joinedAt - b.joinedAt);
  return { members, requests: accessCan(access, 'users.manage') ? requests : [] };
}

/**
 * Counts one try to add someone, per caller over all rooms and nodes (ROOM_LIMITS.addUser*):
 * every lookup answers whether an account has that username or e-mail, so they are limited
 * whether they find someone or not.
 */
async function countAddAttempt(deps: RequestDeps, userId: UserId) {
  const { addUserAttempts, addUserWindowMs } = ROOM_LIMITS;
  const tried = await deps.attempts.hit(
    `room-add-user:${userId}`,
    addUserAttempts,
    addUserWindowMs,
  );
  if (!tried.allowed) throw roomErrors.tooManyAttempts(tried.retryAfterMs);
}

/**
 * Adds someone by username or e-mail with a role; the caller becomes who invited them, and the
 * person gets a notice of it that lasts until they open the room or dismiss it.
 */
export async function addRoomUser(
  deps: RequestDeps,
  viewer: RoomViewer,
  input: { roomId: RoomId; usernameOrEmail: string; role: AssignableRole },
): Promise<{ userId: UserId }> {
  const callerId = requireSignedIn(viewer);
  const { db } = deps;
  const access = await authorizeRoom(db, viewer, input.roomId, 'users.manage');
  await countAddAttempt(deps, callerId);
  const user = await findUserByEmailOrUsername(db, input.usernameOrEmail);
  if (!user) throw roomErrors.userNotFound();
  const existing = await findRoomUser(db, access.room.id, user.id);
  if (user.id === access.room.ownerId || roleRank(existing?.role ?? null) > 0) {
    throw roomErrors.alreadyMember();
  }
  if (existing) requireMayReverse(access, existing);
  // Someone who asked to join (or was refused) is let in: their request row becomes the role.
  await upsertRoomUser(db, {
    roomId: access.room.id,
    userId: user.id,
    role: input.role,
    invitedBy: callerId,
    addedNoticeAt: new Date(),
  });
  return { userId: user.id };
}

/** The target's row (the owner's is implied), checked against the removal rules for the actor. */
async function changeableTarget(db: Database, access: RoomAccess, userId: UserId) {
  const target: RoomMemberRef | null =
    userId === access.room.ownerId
      ? { userId, role: 'owner', invitedBy: null }
      : await findRoomUser(db, access.room.id, userId);
  if (!target) throw roomErrors.userNotFound();
  const refusal = memberChangeRefusal(actorOf(access), target);
  if (refusal) throw roomErrors.refused(refusal);
  return target;
}

/** Gives a member another role (never owner: the schema allows only assignable roles). */
export async function updateRoomUserRole(
  { db }: RequestDeps,
  viewer: RoomViewer,
  input: { roomId: RoomId; userId: UserId; role: AssignableRole },
): Promise<{ role: AssignableRole }> {
  requireSignedIn(viewer);
  const access = await authorizeRoom(db, viewer, input.roomId, 'users.manage');
  const target = await changeableTarget(db, access, input.userId);
  if (roleRank(target.role) === 0) throw roomErrors.userNotFound();
  await updateRoomUser(db, access.room.id, input.userId, { role: input.role });
  return { role: input.role };
}

/** Removes a member, or forgets a request. */
export async function removeRoomUser(
  { db }: RequestDeps,
  viewer: RoomViewer,
  input: { roomId: RoomId; userId: UserId },
): Promise<{ removed: true }> {
  requireSignedIn(viewer);
  const access = await authorizeRoom(db, viewer, input.roomId, 'users.manage');
  await changeableTarget(db, access, input.userId);
  await deleteRoomUser(db, access.room.id, input.userId);
  return { removed: true };
}

/** A request (pending or refused before) the caller decides on; a member's row is no request. */
async function requestOf(db: Database, access: RoomAccess, userId: UserId) {
  const target = await findRoomUser(db, access.room.id, userId);
  if (!target) throw roomErrors.userNotFound();
  if (roleRank(target.role) > 0) throw roomErrors.alreadyMember();
  requireMayReverse(access, target);
  return target;
}

/**
 * A refusal stands unless the owner, or the one who refused, changes their mind: an admin may
 * not let in someone the owner (or another admin) turned away, and is told which of them it was.
 */
function reversalRefusal(
  access: RoomAccess,
  row: { role: string; invitedBy: UserId | null },
): RoomErrorKey | null {
  if (row.role !== 'rejected' || access.role === 'owner') return null;
  if (row.invitedBy === access.userId) return null;
  // A refusal without a refuser on record is the owner's to reverse.
  const byOwner = row.invitedBy === null || row.invitedBy === access.room.ownerId;
  return byOwner ? ROOM_ERRORS.rejectedByOwner : ROOM_ERRORS.rejectedByAnotherAdmin;
}

function requireMayReverse(access: RoomAccess, row: { role: string; invitedBy: UserId | null }) {
  const refusal = reversalRefusal(access, row);
  if (refusal) throw roomErrors.refused(refusal);
}

/** Lets someone who asked in, with a role; the approver becomes who invited them. */
export async function approveAccessRequest(
  { db }: RequestDeps,
  viewer: RoomViewer,
  input: { roomId: RoomId; userId: UserId; role: AssignableRole },
): Promise<{ role: AssignableRole }> {
  requireSignedIn(viewer);
  const access = await authorizeRoom(db, viewer, input.roomId, 'users.manage');
  await requestOf(db, access, input.userId);
  const changes = { role: input.role, invitedBy: viewer.userId };
  await updateRoomUser(db, access.room.id, input.userId, changes);
  return { role: input.role };
}

/** Refuses a request: the user sees "Denied" and cannot ask again. The refuser is kept. */
export async function rejectAccessRequest(
  { db }: RequestDeps,
  viewer: RoomViewer,
  input: { roomId: RoomId; userId: UserId },
): Promise<{ role: 'rejected' }> {
  requireSignedIn(viewer);
  const access = await authorizeRoom(db, viewer, input.roomId, 'users.manage');
  await requestOf(db, access, input.userId);
  const changes = { role: 'rejected' as const, invitedBy: viewer.userId };
  await updateRoomUser(db, access.room.id, input.userId, changes);
  return { role: 'rejected' };
}

/**
 * A signed-in user asks to join (spec §4 Room access): a new request, one already waiting,
 * one refused before, or nothing to ask for when they already have a role. An invite-only
 * room takes no requests: it is unavailable to anyone not invited.
 */
export async function requestRoomAccess(
  deps: RequestDeps,
  viewer: RoomViewer,
  roomId: RoomId,
): Promise<{ status: AccessRequestStatus; changed: boolean }> {
  const { db } = deps;
  const userId = requireSignedIn(viewer);
  const room = await findRoomById(db, roomId);
  if (!room) throw roomErrors.notFound();
  if (room.ownerId === userId) return { status: 'member', changed: false };
  const existing = await findRoomUser(db, room.id, userId);
  if (room.visibility === 'inviteOnly' && roleRank(existing?.role ?? null) === 0) {
    throw roomErrors.unavailable();
  }
  if (await insertAccessRequest(db, room.id, userId)) {
    await tellAccessRequest(deps, room, userId);
    return { status: 'requested', changed: true };
  }
  // Asked twice at once: the row the other call made.
  const current = existing ?? (await findRoomUser(db, room.id, userId));
  if (current?.role === 'requested') return { status: 'alreadyRequested', changed: false };
  if (current?.role === 'rejected') return { status: 'rejected', changed: false };
  return { status: 'member', changed: false };
}

/** Ids of the users with a row in the room (whose "my rooms" lists a change may touch). */
export async function roomUserIds({ db }: RequestDeps, roomId: RoomId, extra: UserId[] = []) {
  return [...new Set([...(await roomUserIdsOf(db, roomId)), ...extra])];
}
