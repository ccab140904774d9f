import { randomInt } from 'node:crypto';
import { eq, or, sql } from 'drizzle-orm';
import type { Database } from '../db';
import { users } from '../db/schema';
import type { UserRow } from './sessions';

/** What a new account needs; a provider id when it signs up through that provider. */
export type NewUserAccount = {
  name: string;
  username: string;
  email: string;
  passwordHash?: string | null;
  googleId?: string | null;
  githubId?: string | null;
  spotifyId?: string | null;
};

/** Which unique field a new or changed account collides with. */
export type UniqueField = 'email' | 'username';

/** A random, readable avatar colour: never too dark or too light for white initials. */
export function randomAvatarColor(): string {
  const channel = () => randomInt(0x30, 0xd0).toString(16).padStart(2, '0');
  return `#${channel()}${channel()}${channel()}`;
}

/** Creates an account with a random colour avatar; the caller has checked uniqueness. */
export async function createUserAccount(db: Database, input: NewUserAccount): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({
      name: input.name,
      username: input.username,
      email: input.email,
      avatar: randomAvatarColor(),
      passwordHash: input.passwordHash ?? null,
      googleId: input.googleId ?? null,
      githubId: input.githubId ?? null,
      spotifyId: input.spotifyId ?? null,
    })
    .returning();
  return row as UserRow;
}

/** The account with this e-mail, whatever its case. */
export async function findUserByEmail(db: Database, email: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .limit(1);
  return row ?? null;
}

/** The account with this username, whatever its case. */
export async function findUserByUsername(db: Database, username: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.trim().toLowerCase()))
    .limit(1);
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
    .where(or(eq(sql`lower(${users.email})`, key), eq(sql`lower(${users.username})`, key)))
    .limit(2);
  // A username cannot contain '@', so at most one row is the e-mail match; prefer it.
  return rows.find((row) => row.email.toLowerCase() === key) ?? rows[0] ?? null;
}

export async function findUserById(db: Database, id: string): Promise<UserRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

/** Grants or revokes the super administrator flag of the account with this e-mail (null: no such account). */
export async function setSuperAdmin(
  db: Database,
  email: string,
  superAdmin: boolean,
): Promise<UserRow | null> {
  const user = await findUserByEmail(db, email);
  if (!user) return null;
  const [row] = await db
    .update(users)
    .set({ superAdmin, updatedAt: new Date() })
    .where(eq(users.id, user.id))
    .returning();
  return row ?? null;
}

/** Accounts whose super administrator flag is set, oldest first. */
export async function listFlaggedSuperAdmins(db: Database): Promise<UserRow[]> {
  return db.select().from(users).where(eq(users.superAdmin, true)).orderBy(users.createdAt);
}
