import {
  VALIDATION,
  profileFieldsSchema,
  type Language,
  type ProfileFields,
  type UserPreferences,
  DomainError,
  type UserId,
} from '@music-rooms/domain';
import type { Database } from '../../db';
import { inTransaction } from '../../db/transaction';
import type { RequestDeps } from '../deps';
import { assertAvailable, conflictFrom } from './accounts';
import { isValidAvatar } from './avatar';
import { assertMayChangeEmail, type EmailChangeProof } from './email-change';
import { mailVerificationIfListed, useUpEmailVerifications } from './email-verification';
import { randomAvatarColor } from './users';
import { updateUser, type UserRow } from './users-store';

/** Changes a user makes to their own account: profile fields, avatar, preferences. */

const validationError = (key: string) => new DomainError('validation', key);

async function saveUser(db: Database, userId: UserId, changes: Partial<UserRow>): Promise<UserRow> {
  const row = await updateUser(db, userId, changes).catch(conflictFrom);
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

/** Besides the fields: the proof an e-mail change needs, and the language of a mail it sends. */
export type ProfileUpdateContext = EmailChangeProof & { language: Language };

/**
 * Saves the profile fields that changed (trimmed, spec §5 rules). Nothing changed is
 * validation.noChanges; a taken e-mail or username is emailExists / usernameTaken. A new
 * e-mail needs the current password (when the account has one), drops the verification of
 * the old one, and gets a verification link when SUPER_ADMIN_EMAILS lists it.
 */
export async function updateProfile(
  deps: RequestDeps,
  user: UserRow,
  input: unknown,
  context: ProfileUpdateContext,
): Promise<UserRow> {
  const { db } = deps;
  const parsed = profileFieldsSchema.safeParse(input);
  if (!parsed.success)
    throw validationError(parsed.error.issues[0]?.message ?? VALIDATION.invalidFormat);
  const changed = changedFields(user, parsed.data);
  if (Object.keys(changed).length === 0) throw validationError(VALIDATION.noChanges);
  if (changed.email === undefined) {
    await assertAvailable(db, changed, user.id);
    return saveUser(db, user.id, changed);
  }
  await assertMayChangeEmail(deps.attempts, user, context);
  await assertAvailable(db, changed, user.id);
  // Links mailed to the old address are used up first, so one opened meanwhile cannot mark
  // the new address as verified (verifying takes the link, then the address, in that order).
  const updated = await inTransaction(db, async (tx) => {
    await useUpEmailVerifications(tx, user);
    return saveUser(tx, user.id, { ...changed, verifiedEmail: null });
  });
  await mailVerificationIfListed(db, updated, {
    mailer: deps.mailer,
    language: context.language,
    publicUrl: deps.config.publicUrl,
    superAdminEmails: deps.config.superAdminEmails,
  });
  return updated;
}

/**
 * Sets a #colour or a 64×64 JPEG as the avatar; anything else (null: an argument that failed
 * avatarSchema) is validation.invalidFormat, and nothing is saved.
 */
export async function updateAvatar(
  { db }: RequestDeps,
  user: UserRow,
  avatar: string | null,
): Promise<UserRow> {
  if (avatar === null || !(await isValidAvatar(avatar))) {
    throw validationError(VALIDATION.invalidFormat);
  }
  return saveUser(db, user.id, { avatar });
}

/** Replaces the avatar with a new random colour (deleting a photo does this, spec §4 Avatar). */
export async function newAvatarColor({ db }: RequestDeps, user: UserRow): Promise<string> {
  let avatar = randomAvatarColor();
  while (avatar.toLowerCase() === user.avatar.toLowerCase()) avatar = randomAvatarColor();
  await saveUser(db, user.id, { avatar });
  return avatar;
}

/** Merges the given preferences into the user's. */
export async function updatePreferences(
  { db }: RequestDeps,
  user: UserRow,
  changes: Partial<UserPreferences>,
): Promise<UserPreferences> {
  const preferences = { ...user.preferences, ...changes };
  await saveUser(db, user.id, { preferences });
  return preferences;
}
