import { sql } from 'drizzle-orm';
import {
  ROOM_LIMITS,
  isRoomRole,
  type PublicUser,
  type RoomSummary,
  type RoomUserRole,
} from '@music-rooms/domain';
import type { Database } from '../../db';
import type { Presence } from '../presence/presence';
import type { RoomRow } from './store';

/** One listed room as the page query found it, before counts and members are added. */
export type CardRow = {
  room: RoomRow;
  author: PublicUser;
  myRole: RoomUserRole | null;
  isFavorite: boolean;
};

export type RoomCards = {
  rooms: RoomSummary[];
  roomAuthors: Record<string, PublicUser>;
  roomUsers: Record<string, PublicUser[]>;
};

/** Roles counted as members (besides the owner, who is one). */
const MEMBER_ROLES = sql.raw(`'admin', 'editor', 'participant', 'viewer'`);

type MemberRow = {
  room_id: string;
  user_id: string | null;
  name: string | null;
  username: string | null;
  avatar: string | null;
  member_count: number;
};

/** Member counts and the first few members of some rooms, by room id. */
export type CardMembers = {
  counts: Map<string, number>;
  shown: Map<string, PublicUser[]>;
};

/**
 * Member counts and the first few members of each room, in one query: the owner counts as
 * one member and shows first, then the others by role and by when they joined.
 */
export async function membersOf(db: Database, roomIds: readonly string[]): Promise<CardMembers> {
  const counts = new Map<string, number>();
  const shown = new Map<string, PublicUser[]>();
  if (roomIds.length === 0) return { counts, shown };
  const ids = sql.join(
    roomIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  // Both drivers (pg and PGlite) answer raw SQL with `{ rows }`.
  const result = (await db.execute(sql`
    select ranked.room_id, ranked.user_id, u.name, u.username, u.avatar, ranked.member_count
    from (
      select ru.room_id, ru.user_id,
        row_number() over (partition by ru.room_id order by
          array_position(array['admin', 'editor', 'participant', 'viewer'], ru.role), ru.created_at
        ) as position,
        count(*) over (partition by ru.room_id)::int as member_count
      from room_users ru
      where ru.room_id in (${ids}) and ru.role in (${MEMBER_ROLES})
    ) ranked
    join users u on u.id = ranked.user_id
    where ranked.position < ${ROOM_LIMITS.cardMembersMax}
  `)) as unknown as { rows: MemberRow[] };
  for (const row of result.rows) {
    counts.set(row.room_id, Number(row.member_count));
    if (row.user_id === null) continue;
    const list = shown.get(row.room_id) ?? [];
    list.push({
      _id: row.user_id,
      name: row.name ?? '',
      username: row.username ?? '',
      avatar: row.avatar ?? '',
    });
    shown.set(row.room_id, list);
  }
  return { counts, shown };
}

/** Page rows turned into cards: member counts, a few members, the live presence count. */
export async function buildCards(
  db: Database,
  presence: Presence,
  rows: readonly CardRow[],
): Promise<RoomCards> {
  const roomIds = rows.map((row) => row.room.id);
  const [members, active] = await Promise.all([membersOf(db, roomIds), presence.counts(roomIds)]);
  return assembleCards(rows, members, active);
}

/**
 * Cards from rows, members and live counts. An invite-only room shows a stranger only that it
 * exists: no description, no members, no count of who is in it.
 */
export function assembleCards(
  rows: readonly CardRow[],
  members: CardMembers,
  active: ReadonlyMap<string, number>,
): RoomCards {
  const cards: RoomCards = { rooms: [], roomAuthors: {}, roomUsers: {} };
  for (const row of rows) {
    const { room } = row;
    const hidden = room.visibility === 'inviteOnly' && !isRoomRole(row.myRole);
    cards.rooms.push(
      toSummary(row, {
        memberCount: hidden ? 0 : 1 + (members.counts.get(room.id) ?? 0),
        activeUsers: hidden ? 0 : (active.get(room.id) ?? 0),
        hideContent: hidden,
      }),
    );
    cards.roomAuthors[room.id] = row.author;
    cards.roomUsers[room.id] = hidden ? [] : [row.author, ...(members.shown.get(room.id) ?? [])];
  }
  return cards;
}

export function toSummary(
  row: CardRow,
  extra: { memberCount: number; activeUsers: number; hideContent: boolean },
): RoomSummary {
  const { room } = row;
  return {
    _id: room.id,
    name: room.name,
    description: extra.hideContent ? '' : room.description,
    room_url: room.roomUrl,
    visibility: room.visibility,
    hasPassword: room.passwordHash !== null,
    createdAt: room.createdAt.getTime(),
    owner: room.ownerId,
    isFavorite: row.isFavorite,
    activeUsers: extra.activeUsers,
    memberCount: extra.memberCount,
    myRole: row.myRole,
  };
}
