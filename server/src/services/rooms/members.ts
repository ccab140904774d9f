import { and, asc, eq } from 'drizzle-orm';
import {
  memberChangeRefusal,
  roleRank,
  type AccessRequestStatus,
  type AssignableRole,
  type RoomAccessArgs,
  type RoomMember,
  type RoomMemberRef,
  type RoomUsersResult,
} from '@music-rooms/domain';
import type { Database } from '../../db';
import { roomUsers, users } from '../../db/schema';
import { toPublicUser } from '../profile';
import { findUserByEmailOrUsername, findUserById } from '../users';
import {
  accessCan,
  authorizeRoom,
  requireSignedIn,
  type RoomAccess,
  type RoomViewer,
} from './access';
import { roomErrors } from './errors';
import { findRoomById, findRoomUser } from './store';

/** The room's users and its access requests (spec §2 Users modal, §6 removal rules). */

const actorOf = (access: RoomAccess): RoomMemberRef => ({
  userId: access.userId ?? '',
  role: access.role,
  invitedBy: access.invitedBy,
});

/**
 * Members for anyone with users.view (the owner first, then by role), and the pending and
 * refused requests for those who may manage users. `manageable` follows the removal rules.
 */
export async function listRoomUsers(
  db: Database,
  viewer: RoomViewer,
  roomId: string,
  pass: RoomAccessArgs,
): Promise<RoomUsersResult> {
  const access = await authorizeRoom(db, viewer, roomId, 'users.view', pass);
  const { room } = access;
  const rows = await db
    .select({ member: roomUsers, user: users })
    .from(roomUsers)
    .innerJoin(users, eq(users.id, roomUsers.userId))
    .where(eq(roomUsers.roomId, room.id))
    .orderBy(asc(roomUsers.createdAt));
  const owner = await findUserById(db, room.ownerId);
  const actor = actorOf(access);
  const toMember = (ref: RoomMemberRef, user: typeof users.$inferSelect, joinedAt: Date) => {
    const refusal = memberChangeRefusal(actor, ref);
    return {
      user: toPublicUser(user),
      role: ref.role!,
      invitedBy: ref.invitedBy,
      joinedAt: joinedAt.getTime(),
      manageable: refusal === null,
      refusal,
    } satisfies RoomMember;
  };
  const members: RoomMember[] = owner
    ? [toMember({ userId: owner.id, role: 'owner', invitedBy: null }, owner, room.createdAt)]
    : [];
  const requests: RoomMember[] = [];
  for (const { member, user } of rows) {
    const entry = toMember(member, user, member.createdAt);
    if (roleRank(member.role) > 0) members.push(entry);
    else requests.push(entry);
  }
  members.sort((a, b) => roleRank(b.role) - roleRank(a.role) || a.joinedAt - b.joinedAt);
  return { members, requests: accessCan(access, 'users.manage') ? requests : [] };
}

/** Adds someone by username or e-mail with a role; the caller becomes who invited them. */
export async function addRoomUser(
  db: Database,
  viewer: RoomViewer,
  input: { roomId: string; usernameOrEmail: string; role: AssignableRole },
): Promise<{ userId: string }> {
  requireSignedIn(viewer);
  const access = await authorizeRoom(db, viewer, input.roomId, 'users.manage');
  const user = await findUserByEmailOrUsername(db, input.usernameOrEmail);
  if (!user) throw roomErrors.userNotFound();
  const existing = await findRoomUser(db, access.room.id, user.id);
  if (user.id === access.room.ownerId || roleRank(existing?.role ?? null) > 0) {
    throw roomErrors.alreadyMember();
  }
  if (existing) requireMayReverse(access, existing);
  // Someone who asked to join (or was refused) is let in: their request row becomes the role.
  await db
    .insert(roomUsers)
    .values({ roomId: access.room.id, userId: user.id, role: input.role, invitedBy: viewer.userId })
    .onConflictDoUpdate({
      target: [roomUsers.roomId, roomUsers.userId],
      set: { role: input.role, invitedBy: viewer.userId },
    });
  return { userId: user.id };
}

/** The target's row (the owner's is implied), checked against the removal rules for the actor. */
async function changeableTarget(db: Database, access: RoomAccess, userId: string) {
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
  db: Database,
  viewer: RoomViewer,
  input: { roomId: string; userId: string; role: AssignableRole },
): Promise<{ role: AssignableRole }> {
  requireSignedIn(viewer);
  const access = await authorizeRoom(db, viewer, input.roomId, 'users.manage');
  const target = await changeableTarget(db, access, input.userId);
  if (roleRank(target.role) === 0) throw roomErrors.userNotFound();
  await setRole(db, access.room.id, input.userId, { role: input.role });
  return { role: input.role };
}

/** Removes a member, or forgets a request. */
export async function removeRoomUser(
  db: Database,
  viewer: RoomViewer,
  input: { roomId: string; userId: string },
): Promise<{ removed: true }> {
  requireSignedIn(viewer);
  const access = await authorizeRoom(db, viewer, input.roomId, 'users.manage');
  await changeableTarget(db, access, input.userId);
  await db
    .delete(roomUsers)
    .where(and(eq(roomUsers.roomId, access.room.id), eq(roomUsers.userId, input.userId)));
  return { removed: true };
}

/** A request (pending or refused before) the caller decides on; a member's row is no request. */
async function requestOf(db: Database, access: RoomAccess, userId: string) {
  const target = await findRoomUser(db, access.room.id, userId);
  if (!target) throw roomErrors.userNotFound();
  if (roleRank(target.role) > 0) throw roomErrors.alreadyMember();
  requireMayReverse(access, target);
  return target;
}

/**
 * A refusal stands unless the owner, or the one who refused, changes their mind: an admin may
 * not let in someone the owner (or another admin) turned away.
 */
function requireMayReverse(access: RoomAccess, row: { role: string; invitedBy: string | null }) {
  if (row.role !== 'rejected' || access.role === 'owner') return;
  if (row.invitedBy !== access.userId) throw roomErrors.insufficientPermissions();
}

/** Lets someone who asked in, with a role; the approver becomes who invited them. */
export async function approveAccessRequest(
  db: Database,
  viewer: RoomViewer,
  input: { roomId: string; userId: string; role: AssignableRole },
): Promise<{ role: AssignableRole }> {
  requireSignedIn(viewer);
  const access = await authorizeRoom(db, viewer, input.roomId, 'users.manage');
  await requestOf(db, access, input.userId);
  await setRole(db, access.room.id, input.userId, { role: input.role, invitedBy: viewer.userId });
  return { role: input.role };
}

/** Refuses a request: the user sees "Denied" and cannot ask again. The refuser is kept. */
export async function rejectAccessRequest(
  db: Database,
  viewer: RoomViewer,
  input: { roomId: string; userId: string },
): Promise<{ role: 'rejected' }> {
  requireSignedIn(viewer);
  const access = await authorizeRoom(db, viewer, input.roomId, 'users.manage');
  await requestOf(db, access, input.userId);
  await setRole(db, access.room.id, input.userId, { role: 'rejected', invitedBy: viewer.userId });
  return { role: 'rejected' };
}

async function setRole(
  db: Database,
  roomId: string,
  userId: string,
  changes: Partial<typeof roomUsers.$inferInsert>,
): Promise<void> {
  await db
    .update(roomUsers)
    .set(changes)
    .where(and(eq(roomUsers.roomId, roomId), eq(roomUsers.userId, userId)));
}

/**
 * A signed-in user asks to join (spec §4 Room access): a new request, one already waiting,
 * one refused before, or nothing to ask for when they already have a role. An invite-only
 * room takes no requests: it is unavailable to anyone not invited.
 */
export async function requestRoomAccess(
  db: Database,
  viewer: RoomViewer,
  roomId: string,
): Promise<{ status: AccessRequestStatus; changed: boolean }> {
  const userId = requireSignedIn(viewer);
  const room = await findRoomById(db, roomId);
  if (!room) throw roomErrors.notFound();
  if (room.ownerId === userId) return { status: 'member', changed: false };
  const existing = await findRoomUser(db, room.id, userId);
  if (room.visibility === 'inviteOnly' && roleRank(existing?.role ?? null) === 0) {
    throw roomErrors.unavailable();
  }
  const inserted = await db
    .insert(roomUsers)
    .values({ roomId: room.id, userId, role: 'requested' })
    .onConflictDoNothing()
    .returning({ role: roomUsers.role });
  if (inserted.length > 0) return { status: 'requested', changed: true };
  // Asked twice at once: the row the other call made.
  const current = existing ?? (await findRoomUser(db, room.id, userId));
  if (current?.role === 'requested') return { status: 'alreadyRequested', changed: false };
  if (current?.role === 'rejected') return { status: 'rejected', changed: false };
  return { status: 'member', changed: false };
}

/** Ids of the users with a row in the room (whose "my rooms" lists a change may touch). */
export async function roomUserIds(db: Database, roomId: string, extra: string[] = []) {
  const rows = await db
    .select({ userId: roomUsers.userId })
    .from(roomUsers)
    .where(eq(roomUsers.roomId, roomId));
  return [...new Set([...rows.map((row) => row.userId), ...extra])];
}
