import { randomInt } from 'node:crypto';
import type { Database } from '../../db';
import { findUserByEmail, insertUser, updateUser, type UserRow } from './users-store';

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

/** A random, readable avatar colour: never too dark or too light for white initials. */
export function randomAvatarColor(): string {
  const channel = () => randomInt(0x30, 0xd0).toString(16).padStart(2, '0');
  return `#${channel()}${channel()}${channel()}`;
}

/** Creates an account with a random colour avatar; the caller has checked uniqueness. */
export function createUserAccount(db: Database, input: NewUserAccount): Promise<UserRow> {
  return insertUser(db, {
    name: input.name,
    username: input.username,
    email: input.email,
    avatar: randomAvatarColor(),
    passwordHash: input.passwordHash ?? null,
    googleId: input.googleId ?? null,
    githubId: input.githubId ?? null,
    spotifyId: input.spotifyId ?? null,
  });
}

/**
 * Grants or revokes the super administrator flag of the account with this e-mail (null: no such
 * account). Granting also counts as verifying the address: the administrator vouches for it.
 */
export async function setSuperAdmin(
  db: Database,
  email: string,
  superAdmin: boolean,
): Promise<UserRow | null> {
  const user = await findUserByEmail(db, email);
  if (!user) return null;
  const verified = superAdmin ? { verifiedEmail: user.email.toLowerCase() } : {};
  return updateUser(db, user.id, { superAdmin, ...verified });
}
