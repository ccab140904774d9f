import {
  isRoomRole,
  type PublicUser,
  type RoomId,
  type RoomNowPlaying,
  type RoomSummary,
  type RoomUserRole,
} from '@music-rooms/domain';
import type { Database } from '../../db';
import type { Presence } from '../presence/presence';
import { cardMembers, type CardMembers } from './list-store';
import type { KeptNowPlaying } from './now-playing';
import type { RoomRow } from './store';

/** One listed room as the page query found it, before counts and members are added. */
export type CardRow = {
  room: RoomRow;
  author: PublicUser;
  myRole: RoomUserRole | null;
  isFavorite: boolean;
  /** The viewer may look into the room (checked by the caller: a gate pass, say). */
  viewable?: boolean;
};

/**
 * Whether the card shows the viewer only the room's name, markers and owner, as the gate and
 * the unavailable page do: an invite-only or password room, to anyone without a role in it
 * (guests, strangers, those who asked to join or were refused), unless they passed its gate.
 */
export function onlyNameShown(row: CardRow): boolean {
  const closed = row.room.visibility === 'inviteOnly' || row.room.passwordHash !== null;
  return closed && !isRoomRole(row.myRole) && row.viewable !== true;
}

export type RoomCards = {
  rooms: RoomSummary[];
  roomAuthors: Record<string, PublicUser>;
  roomUsers: Record<string, PublicUser[]>;
};

/** What each shown room plays, by room id (rooms that play nothing may be missing). */
export type CardTracks = ReadonlyMap<RoomId, Pick<KeptNowPlaying, 'value'>>;

/**
 * Page rows turned into cards: member counts, a few members, the live presence count. The
 * room's own page follows its player itself, so these cards name no track.
 */
export async function buildCards(
  db: Database,
  presence: Presence,
  rows: readonly CardRow[],
): Promise<RoomCards> {
  const roomIds = rows.map((row) => row.room.id);
  const [members, active] = await Promise.all([cardMembers(db, roomIds), presence.counts(roomIds)]);
  return assembleCards(rows, members, active, new Map());
}

/**
 * Cards from rows, members, live counts and current tracks. A closed room shows a stranger
 * only that it exists (onlyNameShown): no description, no members, no count of who is in it,
 * nothing of what it plays.
 */
export function assembleCards(
  rows: readonly CardRow[],
  members: CardMembers,
  active: ReadonlyMap<string, number>,
  tracks: CardTracks,
): RoomCards {
  const cards: RoomCards = { rooms: [], roomAuthors: {}, roomUsers: {} };
  for (const row of rows) {
    const { room } = row;
    const hidden = onlyNameShown(row);
    cards.rooms.push(
      toSummary(row, {
        memberCount: hidden ? 0 : 1 + (members.counts.get(room.id) ?? 0),
        activeUsers: hidden ? 0 : (active.get(room.id) ?? 0),
        nowPlaying: hidden ? null : (tracks.get(room.id)?.value ?? null),
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
  extra: {
    memberCount: number;
    activeUsers: number;
    nowPlaying: RoomNowPlaying | null;
    hideContent: boolean;
  },
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
    nowPlaying: extra.nowPlaying,
  };
}
