import type { AccountExport, SessionType } from '@music-rooms/domain';
import type { Database } from '../../db';
import { listFavoriteRooms, listMemberships, listOwnedRooms } from './export-store';
import { listUserSessions } from './sessions-store';
import { isSuperAdmin, linkedProviders, type UserRow } from './users-store';

export type ExportContext = {
  db: Database;
  user: UserRow;
  /** The session asking, marked `current` among the sessions. */
  sessionId: string;
  superAdminEmails: readonly string[];
};

type Sections = Omit<AccountExport, 'exportedAt'>;

/**
 * One function per section of the export. A feature that gives users something of their
 * own (rooms, tracks) adds its section here and to the AccountExport type.
 */
const SECTIONS: { [Key in keyof Sections]: (ctx: ExportContext) => Promise<Sections[Key]> } = {
  // The account itself; hashes and provider ids stay out.
  profile: async ({ user, superAdminEmails }) => ({
    id: user.id,
    name: user.name,
    username: user.username,
    email: user.email,
    avatar: user.avatar,
    superAdmin: isSuperAdmin(user, superAdminEmails),
    hasPassword: user.passwordHash !== null,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  }),
  preferences: async ({ user }) => user.preferences,
  // Which providers are linked, by name only.
  linkedProviders: async ({ user }) => linkedProviders(user),
  // Where the account is signed in; the session secrets are not part of it.
  sessions: async ({ db, user, sessionId }) => {
    const rows = await listUserSessions(db, user.id);
    return rows.map((row) => ({
      type: row.type as SessionType,
      createdAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      userAgent: row.userAgent,
      current: row.id === sessionId,
    }));
  },
  // The rooms the user owns; the password hash stays out, only whether there is one.
  ownedRooms: async ({ db, user }) => {
    const rows = await listOwnedRooms(db, user.id);
    return rows.map((room) => ({
      id: room.id,
      name: room.name,
      description: room.description,
      url: room.roomUrl,
      visibility: room.visibility,
      hasPassword: room.passwordHash !== null,
      createdAt: room.createdAt.toISOString(),
    }));
  },
  // The user's role in other people's rooms, and their requests to join.
  roomMemberships: async ({ db, user }) => {
    const rows = await listMemberships(db, user.id);
    return rows.map(({ room, role, since }) => ({
      roomId: room.id,
      name: room.name,
      url: room.roomUrl,
      role,
      since: since.toISOString(),
    }));
  },
  favoriteRooms: async ({ db, user }) => {
    const rows = await listFavoriteRooms(db, user.id);
    return rows.map(({ room, addedAt }) => ({
      roomId: room.id,
      name: room.name,
      url: room.roomUrl,
      addedAt: addedAt.toISOString(),
    }));
  },
};

/** Everything the account holds, section by section. */
export async function exportAccount(ctx: ExportContext, now = new Date()): Promise<AccountExport> {
  const entries = await Promise.all(
    Object.entries(SECTIONS).map(async ([key, build]) => [key, await build(ctx)] as const),
  );
  return { exportedAt: now.toISOString(), ...(Object.fromEntries(entries) as Sections) };
}

/** `music-rooms-<username>-<yyyy-mm-dd>.json`. */
export function exportFileName(user: UserRow, now = new Date()): string {
  const name = user.username.replace(/[^A-Za-z0-9_-]/g, '_');
  return `music-rooms-${name}-${now.toISOString().slice(0, 10)}.json`;
}
