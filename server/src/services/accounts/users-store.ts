import { and, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { CurrentUser, OAuthProvider, PublicUser, UserId } from '@music-rooms/domain';
import type { SessionType, SessionUser } from '@music-rooms/domain/auth';
import type { Database } from '../../db';
import { uniqueViolation } from '../../db/errors';
import { users } from '../../db/schema';
import { isUuid } from '../../db/uuid';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

/** Which unique field of an account a value collides with. */
export type UniqueField = 'email' | 'username';

/** Reading and writing the users table, and what each side may see of a row. */

// What a user row shows

/** Whether the account's current e-mail is the one its owner verified. */
export function hasVerifiedEmail(user: UserRow): boolean {
  return user.verifiedEmail !== null && user.verifiedEmail === user.email.toLowerCase();
}

const isListed = (user: UserRow, superAdminEmails: readonly string[]) =>
  superAdminEmails.includes(user.email.toLowerCase());

/**
 * A super administrator: flagged (`npm run admin -- grant`), or listed in SUPER_ADMIN_EMAILS
 * with that address verified. Signing up with a listed address is not enough: anyone can type it.
 */
export function isSuperAdmin(user: UserRow, superAdminEmails: readonly string[]): boolean {
  return user.superAdmin || (isListed(user, superAdminEmails) && hasVerifiedEmail(user));
}

/** Listed in SUPER_ADMIN_EMAILS, not flagged, and the address not verified yet. */
export function isAdminEmailUnverified(
  user: UserRow,
  superAdminEmails: readonly string[],
): boolean {
  return !user.superAdmin && isListed(user, superAdminEmails) && !hasVerifiedEmail(user);
}

export function linkedProviders(user: UserRow): OAuthProvider[] {
  const linked: OAuthProvider[] = [];
  if (user.googleId) linked.push('google');
  if (user.githubId) linked.push('github');
  if (user.spotifyId) linked.push('spotify');
  return linked;
}

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
    adminEmailUnverified: isAdminEmailUnverified(user, superAdminEmails),
  };
}

/**
 * What the browser learns about the signed-in user (spec §3 session user): their own view of
 * the account, and how this session signed in.
 */
export function toSessionUser(
  user: UserRow,
  type: SessionType,
  superAdminEmails: readonly string[],
): SessionUser {
  const { _id: _sameAsId, ...own } = toCurrentUser(user, superAdminEmails);
  return { ...own, type };
}

/** What anyone may see of a user: never the e-mail, hashes or provider ids. */
export function toPublicUser(user: UserRow): PublicUser {
  return { _id: user.id, name: user.name, username: user.username, avatar: user.avatar };
}

// Reading

const lowerEmail = sql`lower(${users.email})`;
const lowerUsername = sql`lower(${users.username})`;

export async function findUserById(db: Database, id: UserId): Promise<UserRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/** The account with this e-mail, whatever its case. */
export async function findUserByEmail(db: Database, email: string): Promise<UserRow | null> {
  const key = email.trim().toLowerCase();
  const [row] = await db.select().from(users).where(eq(lowerEmail, key)).limit(1);
  return row ?? null;
}

/** The account with this username, whatever its case. */
export async function findUserByUsername(db: Database, username: string): Promise<UserRow | null> {
  const key = username.trim().toLowerCase();
  const [row] = await db.select().from(users).where(eq(lowerUsername, key)).limit(1);
  return row ?? null;
}

/** The account a sign-in or reset form names: an e-mail or a username, any case. */
export async function findUserByEmailOrUsername(
  db: Database,
  emailOrUsername: string,
): Promise<UserRow | null> {
  const key = emailOrUsername.trim().toLowerCase();
  const rows = await db
    .select()
    .from(users)
    .where(or(eq(lowerEmail, key), eq(lowerUsername, key)))
    .limit(2);
  // A username cannot contain '@', so at most one row is the e-mail match; prefer it.
  return rows.find((row) => row.email.toLowerCase() === key) ?? rows[0] ?? null;
}

/** Accounts whose super administrator flag is set, oldest first. */
export function listFlaggedSuperAdmins(db: Database): Promise<UserRow[]> {
  return db.select().from(users).where(eq(users.superAdmin, true)).orderBy(users.createdAt);
}

// Writing

export async function insertUser(db: Database, values: NewUserRow): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

/** Stores the changes (and the time of the change); null when the account is gone. */
export async function updateUser(
  db: Database,
  id: UserId,
  changes: Partial<NewUserRow>,
): Promise<UserRow | null> {
  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row ?? null;
}

/** Records the account's current e-mail as verified by its owner; null when the account is gone. */
export async function markEmailVerified(db: Database, id: UserId): Promise<UserRow | null> {
  // The address is read by the statement itself, so an e-mail changed meanwhile is never the
  // one marked with an older address's proof (the change also uses up the older links).
  const [row] = await db
    .update(users)
    .set({ verifiedEmail: lowerEmail, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row ?? null;
}

/** The account field a unique-index error is about, when it is one of the users' own. */
export function violatedUserField(error: unknown): UniqueField | null {
  const name = uniqueViolation(error);
  if (name?.includes('users_email_unique')) return 'email';
  if (name?.includes('users_username_unique')) return 'username';
  return null;
}

// Sign-in providers

/** The users column that holds each provider's id. */
const PROVIDER_COLUMN = {
  google: users.googleId,
  github: users.githubId,
  spotify: users.spotifyId,
} as const;

/** The same columns as fields of a row. */
export const PROVIDER_FIELD = {
  google: 'googleId',
  github: 'githubId',
  spotify: 'spotifyId',
} as const;

export async function findUserByProviderId(
  db: Database,
  provider: OAuthProvider,
  providerId: string,
): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(PROVIDER_COLUMN[provider], providerId))
    .limit(1);
  return row ?? null;
}

/**
 * Clears the provider's id when a password or another provider remains. The condition is part
 * of the update, so two unlinks at once cannot leave no way to sign in. Null when nothing was
 * cleared.
 */
export async function clearProviderIfAnotherRemains(
  db: Database,
  userId: UserId,
  provider: OAuthProvider,
): Promise<UserRow | null> {
  const others = (Object.keys(PROVIDER_COLUMN) as OAuthProvider[])
    .filter((other) => other !== provider)
    .map((other) => isNotNull(PROVIDER_COLUMN[other]));
  const [row] = await db
    .update(users)
    .set({ [PROVIDER_FIELD[provider]]: null, updatedAt: new Date() })
    .where(
      and(
        eq(users.id, userId),
        isNotNull(PROVIDER_COLUMN[provider]),
        or(isNotNull(users.passwordHash), ...others),
      ),
    )
    .returning();
  return row ?? null;
}

/** Whether the account exists without this provider linked. */
export async function isProviderUnlinked(
  db: Database,
  userId: UserId,
  provider: OAuthProvider,
): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), isNull(PROVIDER_COLUMN[provider])));
  return row !== undefined;
}
