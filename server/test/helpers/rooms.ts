import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import {
  errorText,
  TOPICS,
  type RoomId,
  type RoomUserRole,
  type PlaybackControl,
  type RoomVisibility,
} from '@music-rooms/domain';
import { roomUsers, rooms } from '../../src/db/schema';
import { hashPassword } from '../../src/services/accounts/passwords';
import { findRoomUser, type RoomRow } from '../../src/services/rooms/store';
import type { UserRow } from '../../src/services/accounts/users-store';
import type { TestApp } from './app';
import { clientFor, factories, type FunctionBody, type SessionClient } from './factories';

export type RoomMemberSeed = {
  user: UserRow;
  role: Exclude<RoomUserRole, 'owner'>;
  /** Who added them; the owner when not given (null for a request). */
  invitedBy?: UserRow | null;
};

export type RoomOverrides = {
  owner: UserRow;
  name?: string;
  description?: string;
  roomUrl?: string;
  visibility?: RoomVisibility;
  playbackControl?: PlaybackControl;
  /** The plain password of a protected room. */
  password?: string;
  members?: RoomMemberSeed[];
  createdAt?: Date;
};

/**
 * Inserts a room (and its members) straight into the app's database, and announces the change
 * as a mutation would, so that lists and live queries see it.
 */
export async function createRoom(t: TestApp, overrides: RoomOverrides): Promise<RoomRow> {
  const db = t.app.database.db;
  const id = randomBytes(4).toString('hex');
  const [room] = await db
    .insert(rooms)
    .values({
      name: overrides.name ?? `Room ${id}`,
      description: overrides.description ?? `About room ${id}`,
      roomUrl: overrides.roomUrl ?? `room-${id}`,
      visibility: overrides.visibility ?? 'public',
      playbackControl: overrides.playbackControl ?? 'host',
      passwordHash: overrides.password ? await hashPassword(overrides.password) : null,
      ownerId: overrides.owner.id,
      ...(overrides.createdAt ? { createdAt: overrides.createdAt } : {}),
    })
    .returning();
  const members = overrides.members ?? [];
  if (members.length > 0) {
    await db.insert(roomUsers).values(
      members.map((member) => {
        const inviter = member.invitedBy === undefined ? overrides.owner : member.invitedBy;
        const isRequest = member.role === 'requested' || member.role === 'rejected';
        return {
          roomId: room!.id,
          userId: member.user.id,
          role: member.role,
          invitedBy: isRequest ? null : (inviter?.id ?? null),
        };
      }),
    );
  }
  await t.app.topics.publish([TOPICS.roomList]);
  return room!;
}

/** A function call refused with this key: 560, the key in errorData, its English as the message. */
export function expectRefused(res: { status: number; body: FunctionBody }, key: string): void {
  expect(res.status).toBe(560);
  expect(res.body.errorData.key).toBe(key);
  expect(res.body.errorMessage).toBe(errorText(key));
}

/** A new user without a password, and a client signed in as them. */
export async function newRoomPerson(t: TestApp) {
  const { user } = await factories(t).user({ password: null });
  return { user, client: await clientFor(t, user) };
}
export type RoomPerson = Awaited<ReturnType<typeof newRoomPerson>>;

/** The user's role or access state in the room, straight from the database. */
export async function roleOf(t: TestApp, roomId: RoomId, user: UserRow) {
  return (await findRoomUser(t.app.database.db, roomId, user.id))?.role ?? null;
}

/** The pass a tab gets through a room's password gate: what its calls and media URLs carry. */
export async function gatePass(
  client: SessionClient,
  room: RoomRow,
  password: string,
  sessionId: string,
): Promise<{ accessToken: string; session_id: string }> {
  const res = await client.call<{ value: { token: string } }>('rooms.generateAccessToken', {
    room_url: room.roomUrl,
    password,
    session_id: sessionId,
  });
  return { accessToken: res.body.value.token, session_id: sessionId };
}
