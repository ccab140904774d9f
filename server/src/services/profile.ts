import { eq } from 'drizzle-orm';
import {
  VALIDATION,
  profileFieldsSchema,
  type CurrentUser,
  type ProfileFields,
  type PublicUser,
  type UserPreferences,
} from '@music-rooms/domain';
import type { Database } from '../db';
import { users } from '../db/schema';
import { AccountError } from './account-errors';
import { assertAvailable, conflictFrom } from './accounts';
import { isValidAvatar } from './avatar';
import { isSuperAdmin, linkedProviders, type UserRow } from './sessions';
import { randomAvatarColor } from './users';

/** The user's own view of their account (users.getCurrentUser). */
export function toCurrentUser(user: UserRow, superAdminEmails: readonly string[]): CurrentUser {
  return {
    _id: user.id,
    id: user.id,
    email: user.email,
    username: user.username,
    name: user.name,
    avatar: user.avatar,
    superadmin: isSuperAdmin(user, superAdminEmails),
    hasPassword: user.passwordHash !== null,
    providers: linkedProviders(user),
  };
}

/** What anyone may see of a user: never the e-mail, hashes or provider ids. */
export function toPublicUser(user: UserRow): PublicUser {
  return { _id: user.id, name: user.name, username: user.username, avatar: user.avatar };
}

const validationError = (key: string) => new AccountError(400, 'validation', key);

async function saveUser(db: Database, userId: string, changes: Partial<UserRow>): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning()
    .catch(conflictFrom);
  return row as UserRow;
}

/** The fields that differ from what the user has now (e-mail compared regardless of case). */
function changedFields(user: UserRow, fields: ProfileFields): ProfileFields {
  const changed: ProfileFields = {};
  if (fields.name !== undefined && fields.name !== user.name) changed.name = fields.name;
  if (fields.username !== undefined && fields.username !== user.username) {
    changed.username = fields.username;
  }
  if (fields.email !== undefined && fields.email.toLowerCase() !== user.email.toLowerCase()) {
    changed.email = fields.email;
  }
  return changed;
}

/**
 * Saves the profile fields that changed (trimmed, spec §5 rules). Nothing changed is
 * validation.noChanges; a taken e-mail or username is emailExists / usernameTaken.
 */
export async function updateProfile(db: Database, user: UserRow, input: unknown): Promise<UserRow> {
  const parsed = profileFieldsSchema.safeParse(input);
  if (!parsed.success)
    throw validationError(parsed.error.issues[0]?.message ?? VALIDATION.invalidFormat);
  const changed = changedFields(user, parsed.data);
  if (Object.keys(changed).length === 0) throw validationError(VALIDATION.noChanges);
  await assertAvailable(db, changed, user.id);
  return saveUser(db, user.id, changed);
}

/**
 * Sets a #colour or a 64×64 JPEG as the avatar; anything else (null: an argument that failed
 * avatarSchema) is validation.invalidFormat, and nothing is saved.
 */
export async function updateAvatar(
  db: Database,
  user: UserRow,
  avatar: string | null,
): Promise<UserRow> {
  if (avatar === null || !(await isValidAvatar(avatar))) {
    throw validationError(VALIDATION.invalidFormat);
  }
  return saveUser(db, user.id, { avatar });
}

/** Replaces the avatar with a new random colour (deleting a photo does this, spec §4 Avatar). */
export async function newAvatarColor(db: Database, user: UserRow): Promise<string> {
  let avatar = randomAvatarColor();
  while (avatar.toLowerCase() === user.avatar.toLowerCase()) avatar = randomAvatarColor();
  await saveUser(db, user.id, { avatar });
  return avatar;
}

/** Merges the given preferences into the user's. */
export async function updatePreferences(
  db: Database,
  user: UserRow,
  changes: Partial<UserPreferences>,
): Promise<UserPreferences> {
  const preferences = { ...user.preferences, ...changes };
  await saveUser(db, user.id, { preferences });
  return preferences;
}
