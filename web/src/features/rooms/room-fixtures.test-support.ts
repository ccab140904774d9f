import type { PublicUser, SessionUser } from '@music-rooms/domain/auth';
import {
  ROLE_CAPABILITIES,
  type RoomDetails,
  type RoomErrorKey,
  type RoomMember,
  type RoomRole,
  type RoomUserRole,
} from '@music-rooms/domain/rooms';

/**
 * Small factories for the component tests: people, members and rooms as the server sends them.
 * Ids are cast through the domain's own types, so a branded id needs no change here.
 */
type UserIdOf = PublicUser['_id'];
type RoomIdOf = RoomDetails['_id'];

export const userId = (id: string) => id as UserIdOf;
export const roomId = (id: string) => id as RoomIdOf;

/** A person as the members list shows them; the username is the lower-cased name. */
export function publicUser(name: string): PublicUser {
  const username = name.toLowerCase();
  return { _id: userId(`user-${username}`), name, username, avatar: '#5b7cfa' };
}

/** The signed-in person, as GET /api/_auth/session gives them. */
export function sessionUser(name: string): SessionUser {
  const { _id, username, avatar } = publicUser(name);
  return {
    id: _id,
    email: `${username}@example.test`,
    type: 'password',
    username,
    name,
    avatar,
    superadmin: false,
    hasPassword: true,
    providers: [],
    adminEmailUnverified: false,
  };
}

type MemberOptions = {
  role?: RoomUserRole;
  manageable?: boolean;
  refusal?: RoomErrorKey | null;
  invitedBy?: string | null;
};

/** A room member; by default a participant the viewer may change. */
export function member(name: string, options: MemberOptions = {}): RoomMember {
  const { role = 'participant', manageable = true, refusal = null, invitedBy = null } = options;
  return {
    user: publicUser(name),
    role,
    invitedBy: invitedBy === null ? null : userId(invitedBy),
    joinedAt: Date.UTC(2026, 0, 5),
    manageable,
    refusal,
  };
}

/** A public room as someone with `viewerRole` sees it (their capabilities follow the role table). */
export function roomAs(viewerRole: RoomRole): RoomDetails {
  const author = publicUser('Olga');
  return {
    _id: roomId('room-1'),
    name: 'Friday mix',
    description: '',
    room_url: 'friday-mix',
    visibility: 'public',
    hasPassword: false,
    createdAt: Date.UTC(2026, 0, 1),
    owner: author._id,
    isFavorite: false,
    activeUsers: 1,
    memberCount: 3,
    myRole: viewerRole,
    nowPlaying: null,
    author,
    capabilities: [...ROLE_CAPABILITIES[viewerRole]],
    playbackControl: 'host',
  };
}
