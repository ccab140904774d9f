/**
 * The room roles and what each may do (spec §6): one table that the server enforces on every
 * room function and route, and that the interface only reads to hide what a user may not do.
 */

/** Roles that grant something, highest first. */
export const ROOM_ROLES = ['owner', 'admin', 'editor', 'participant', 'viewer'] as const;
export type RoomRole = (typeof ROOM_ROLES)[number];

/** Access states of someone who asked to join: not privileges (spec §6). */
export const ROOM_ACCESS_STATES = ['requested', 'rejected'] as const;
export type RoomAccessState = (typeof ROOM_ACCESS_STATES)[number];

/** What a room_users row may hold. */
export type RoomUserRole = RoomRole | RoomAccessState;

/** Roles someone may be given by another member; a room has one owner, its creator. */
export const ASSIGNABLE_ROLES = ['admin', 'editor', 'participant', 'viewer'] as const;
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

/**
 * What each role may do. The server checks every room function and route against this table
 * (tracks, playlists and the player included).
 */
export const ROOM_CAPABILITIES = [
  'room.view',
  'room.updateSettings',
  'room.delete',
  'users.view',
  'users.manage',
  'tracks.add',
  'tracks.manage',
  'playlists.manage',
  'player.control',
  'player.handOver',
] as const;
export type RoomCapability = (typeof ROOM_CAPABILITIES)[number];

export const ROLE_CAPABILITIES: Record<RoomRole, readonly RoomCapability[]> = {
  owner: ROOM_CAPABILITIES,
  admin: [
    'room.view',
    'room.updateSettings',
    'users.view',
    'users.manage',
    'tracks.add',
    'tracks.manage',
    'playlists.manage',
    'player.control',
    'player.handOver',
  ],
  editor: [
    'room.view',
    'users.view',
    'tracks.add',
    'tracks.manage',
    'playlists.manage',
    'player.control',
  ],
  participant: ['room.view', 'users.view', 'tracks.add', 'player.control'],
  viewer: ['room.view', 'users.view'],
};

/** Higher is more: owner 5 … viewer 1; access states and strangers 0. */
export function roleRank(role: RoomUserRole | null): number {
  const index = ROOM_ROLES.indexOf(role as RoomRole);
  return index === -1 ? 0 : ROOM_ROLES.length - index;
}

export function isRoomRole(role: RoomUserRole | null | undefined): role is RoomRole {
  return (ROOM_ROLES as readonly string[]).includes(role ?? '');
}

export function roleCan(role: RoomUserRole | null, capability: RoomCapability): boolean {
  return isRoomRole(role) && ROLE_CAPABILITIES[role].includes(capability);
}
