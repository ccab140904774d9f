import type { PublicUser } from './auth';
import type { RoomId, TrackId, UserId } from './ids';
import { roleCan, type AssignableRole, type RoomCapability, type RoomUserRole } from './roles';

export * from './roles';

/**
 * The rooms contract (spec §3 Room, Room user, Room access token; §4 visibility, access,
 * password; §6 room roles and removal rules; §8 room messages). No zod here: the home page
 * imports these tables; the argument schemas live in schemas/rooms.ts.
 */

export const ROOM_VISIBILITIES = ['public', 'hidden', 'inviteOnly'] as const;
export type RoomVisibility = (typeof ROOM_VISIBILITIES)[number];

/**
 * Who controls the room's playback (spec §4 "one participant is labelled host and controls
 * playback"): the host alone (the default; the owner and admins may always take the label), or
 * everyone with `player.control`. While nobody who may host is present, anyone who may control
 * does.
 */
export const PLAYBACK_CONTROLS = ['host', 'everyone'] as const;
export type PlaybackControl = (typeof PLAYBACK_CONTROLS)[number];

/** One side of a membership decision: who they are, their role, and who invited them. */
export type RoomMemberRef = {
  /** Null for a guest, who manages nobody. */
  userId: UserId | null;
  role: RoomUserRole | null;
  invitedBy: UserId | null;
};

/**
 * Why `actor` may not remove (or change the role of) `target`, or null when they may (spec §6):
 * the owner manages everyone else; anyone else needs users.manage, and may act only on users
 * they invited, never on the one who invited them, and never on the owner.
 */
export function memberChangeRefusal(
  actor: RoomMemberRef,
  target: RoomMemberRef,
): RoomErrorKey | null {
  if (target.role === 'owner') return ROOM_ERRORS.cannotChangeOwner;
  if (actor.userId === target.userId) return ROOM_ERRORS.cannotChangeSelf;
  if (actor.role === 'owner') return null;
  if (!roleCan(actor.role, 'users.manage')) return ROOM_ERRORS.insufficientPermissions;
  if (actor.invitedBy === target.userId) return ROOM_ERRORS.cannotChangeInviter;
  if (target.invitedBy !== actor.userId) return ROOM_ERRORS.onlyInvitedByYou;
  return null;
}

/** Sort orders of the room lists. */
export const ROOM_SORTS = ['newest', 'oldest', 'name', 'nameDesc', 'active'] as const;
export type RoomSort = (typeof ROOM_SORTS)[number];

export const ROOM_LIMITS = {
  descriptionMax: 500,
  url: { min: 3, max: 50 },
  passwordMax: 100,
  searchMax: 100,
  pageSizeDefault: 24,
  pageSizeMax: 100,
  /** Member avatars a room card shows. */
  cardMembersMax: 5,
  /** How long a password gate's access token lasts. */
  accessTokenTtlMs: 24 * 60 * 60 * 1000,
  /** Password attempts per room and client address in a minute. */
  passwordAttemptsPerMinute: 10,
  /**
   * People one user may try to add to rooms (by username or e-mail, found or not) in
   * `addUserWindowMs`, over all rooms: enough to fill a room, too few to probe for accounts.
   */
  addUserAttempts: 30,
  addUserWindowMs: 10 * 60 * 1000,
} as const;

/** A room URL: lower-case Latin letters and digits, words joined by single hyphens. */
export const ROOM_URL_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** What the create screen shows before the room URL. */
export const ROOM_URL_PREFIX = 'room/';

/** The room card and page as the viewer may see them. */
export type RoomSummary = {
  _id: RoomId;
  name: string;
  description: string;
  room_url: string;
  visibility: RoomVisibility;
  hasPassword: boolean;
  /** Milliseconds since the epoch. */
  createdAt: number;
  /** The owner's user id. */
  owner: UserId;
  /** The viewer's favourite flag (false for a guest). */
  isFavorite: boolean;
  activeUsers: number;
  memberCount: number;
  /** The viewer's role or access state here; null for a guest or a stranger. */
  myRole: RoomUserRole | null;
  /** The track the room's player is on, for the card's cover and line; null when none. */
  nowPlaying: RoomNowPlaying | null;
};

/** What a room card tells of the room's player: its current track and whether it plays. */
export type RoomNowPlaying = {
  trackId: TrackId;
  title: string;
  artist: string | null;
  /** The cover's version for its address; null when the track has no cover. */
  coverVersion: number | null;
  playing: boolean;
};

/** rooms.get: the room and what the viewer may do in it. */
export type RoomDetails = RoomSummary & {
  author: PublicUser;
  capabilities: RoomCapability[];
  playbackControl: PlaybackControl;
};

/** rooms.getPublicRoomsWithAuthors and rooms.getUserRoomsWithAuthors (spec §7, plus paging). */
export type RoomListResult = {
  rooms: RoomSummary[];
  /** Author (owner) of each listed room, by room id. */
  roomAuthors: Record<string, PublicUser>;
  /** A few members of each listed room, by room id, for the card's avatars. */
  roomUsers: Record<string, PublicUser[]>;
  total: number;
  /** Offset of the next page, or null on the last one. */
  nextOffset: number | null;
};

export type RoomListArgs = {
  search?: string;
  sort?: RoomSort;
  favoritesOnly?: boolean;
  offset?: number;
  limit?: number;
};

/**
 * What someone kept out of a room (by its password or as invite-only) still sees of it, as on
 * its card: the name, the markers and the owner.
 */
export type RoomPreview = Pick<RoomSummary, 'name' | 'visibility' | 'hasPassword'> & {
  author: PublicUser;
};

/** rooms.getRoomInfoByUrl (spec §3). `room` is null when it does not exist or is not viewable. */
export type RoomInfo = {
  room: RoomSummary | null;
  requiresPassword: boolean;
  roomExists: boolean;
  urlAvailable: boolean;
  /** Invite-only rooms are shown as unavailable to anyone who is not a member. */
  unavailable: boolean;
  /** When the room exists but `room` is null: what the gate or the unavailable page shows. */
  preview?: RoomPreview;
};

/** A password gate pass presented with room calls: the token and the tab's session id. */
export type RoomAccessArgs = { accessToken?: string; session_id?: string };

export type RoomMember = {
  user: PublicUser;
  role: RoomUserRole;
  invitedBy: UserId | null;
  /** Milliseconds since the epoch. */
  joinedAt: number;
  /**
   * Whether the viewer may remove or change this member (the removal rules); for a request,
   * whether they may let the person in (another's refusal stands).
   */
  manageable: boolean;
  /** Why not, as a room message key, or null when they may. */
  refusal: RoomErrorKey | null;
};

export type RoomUsersResult = { members: RoomMember[]; requests: RoomMember[] };

export type AccessRequestStatus = 'requested' | 'alreadyRequested' | 'rejected' | 'member';

/**
 * rooms.getAddedNotices: a room someone added the viewer to (rooms.addUser) that the viewer has
 * not opened since, nor dismissed the notice of. `addedBy` is null when that account is gone.
 */
export type AddedNotice = {
  roomId: RoomId;
  roomName: string;
  room_url: string;
  role: AssignableRole;
  addedBy: PublicUser | null;
  /** Milliseconds since the epoch. */
  addedAt: number;
};

/** The sessionStorage keys of the password gate (spec §4 Password-protected room). */
export const ROOM_ACCESS_STORAGE = {
  sessionId: 'music-rooms:tab-session-id',
  token: (roomUrl: string) => `music-rooms:room-access-token:${roomUrl}`,
  flag: (roomUrl: string) => `music-rooms:room-access:${roomUrl}`,
} as const;

/**
 * Room messages (spec §8). They travel as the `key` of a domain error (errorData.key, beside
 * the English errorMessage); the client translates every key that starts with `rooms.errors.`.
 */
export const ROOM_ERRORS = {
  notSignedIn: 'rooms.errors.notSignedIn',
  notFound: 'rooms.errors.notFound',
  forbidden: 'rooms.errors.forbidden',
  createFailed: 'rooms.errors.createFailed',
  updateFailed: 'rooms.errors.updateFailed',
  updateSettingsFailed: 'rooms.errors.updateSettingsFailed',
  urlTaken: 'rooms.errors.urlTaken',
  invalidInput: 'rooms.errors.invalidInput',
  passwordRequired: 'rooms.errors.passwordRequired',
  wrongPassword: 'rooms.errors.wrongPassword',
  tokenExpired: 'rooms.errors.tokenExpired',
  tokenInvalid: 'rooms.errors.tokenInvalid',
  tooManyAttempts: 'rooms.errors.tooManyAttempts',
  requestAccessFailed: 'rooms.errors.requestAccessFailed',
  unavailable: 'rooms.errors.unavailable',
  userNotFound: 'rooms.errors.userNotFound',
  alreadyMember: 'rooms.errors.alreadyMember',
  addUserFailed: 'rooms.errors.addUserFailed',
  updateUserFailed: 'rooms.errors.updateUserFailed',
  removeUserFailed: 'rooms.errors.removeUserFailed',
  insufficientPermissions: 'rooms.errors.insufficientPermissions',
  onlyInvitedByYou: 'rooms.errors.onlyInvitedByYou',
  cannotChangeInviter: 'rooms.errors.cannotChangeInviter',
  cannotChangeOwner: 'rooms.errors.cannotChangeOwner',
  cannotChangeSelf: 'rooms.errors.cannotChangeSelf',
  rejectedByOwner: 'rooms.errors.rejectedByOwner',
  rejectedByAnotherAdmin: 'rooms.errors.rejectedByAnotherAdmin',
} as const;
export type RoomErrorKey = (typeof ROOM_ERRORS)[keyof typeof ROOM_ERRORS];

/** The English wording of each room message, exactly as the spec gives it where it does. */
export const ROOM_ERROR_TEXT: Record<RoomErrorKey, string> = {
  'rooms.errors.notSignedIn': 'You must be logged in to perform this action',
  'rooms.errors.notFound': 'Room not found',
  'rooms.errors.forbidden': 'You do not have access to this room.',
  'rooms.errors.createFailed': 'Failed to create room. Please try again.',
  'rooms.errors.updateFailed': 'Failed to update room. Please try again.',
  'rooms.errors.updateSettingsFailed': 'Error updating settings',
  'rooms.errors.urlTaken': 'This URL is already taken',
  'rooms.errors.invalidInput': 'Some fields are not filled in correctly.',
  'rooms.errors.passwordRequired': 'This room is protected by a password.',
  'rooms.errors.wrongPassword': 'Wrong password',
  'rooms.errors.tokenExpired': 'Token expired',
  'rooms.errors.tokenInvalid': 'Invalid token',
  'rooms.errors.tooManyAttempts': 'Too many attempts. Please wait a minute and try again.',
  'rooms.errors.requestAccessFailed': 'Error requesting access',
  'rooms.errors.unavailable': 'Invite-only rooms are not available yet.',
  'rooms.errors.userNotFound': 'No user with this username or e-mail.',
  'rooms.errors.alreadyMember': 'This user is already in the room.',
  'rooms.errors.addUserFailed': 'Failed to add the user. Please try again.',
  'rooms.errors.updateUserFailed': 'Failed to change the role. Please try again.',
  'rooms.errors.removeUserFailed': 'Failed to remove the user. Please try again.',
  'rooms.errors.insufficientPermissions': 'You do not have enough permissions to do this.',
  'rooms.errors.onlyInvitedByYou': 'You can only remove users you invited.',
  'rooms.errors.cannotChangeInviter': 'You cannot remove the user who invited you.',
  'rooms.errors.cannotChangeOwner': 'The room owner cannot be removed.',
  'rooms.errors.cannotChangeSelf': 'You cannot change your own role here.',
  'rooms.errors.rejectedByOwner':
    'The room owner refused this person: only the owner can let them in.',
  'rooms.errors.rejectedByAnotherAdmin':
    'Another admin refused this person: only they or the room owner can let them in.',
};

const CYRILLIC: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
};

/** A room URL suggested from a name: Cyrillic transliterated, anything else made a hyphen. */
export function suggestRoomUrl(name: string): string {
  const latin = [...name.toLowerCase()].map((char) => CYRILLIC[char] ?? char).join('');
  const slug = latin
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug.slice(0, ROOM_LIMITS.url.max).replace(/-+$/, '');
}
