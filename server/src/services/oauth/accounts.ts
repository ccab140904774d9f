import { and, eq, isNotNull, isNull, or } from 'drizzle-orm';
import type { OAuthProvider } from '@music-rooms/domain';
import { AUTH_ERRORS } from '@music-rooms/domain/auth';
import type { Database } from '../../db';
import { users } from '../../db/schema';
import { AccountError } from '../account-errors';
import type { UserRow } from '../sessions';
import { createUserAccount, findUserByEmail } from '../users';
import { OAuthFailure, type OAuthProfile } from './types';
import { availableUsername, displayName, usernameBase } from './username';

/** The users column that holds each provider's id. */
const PROVIDER_COLUMN = {
  google: users.googleId,
  github: users.githubId,
  spotify: users.spotifyId,
} as const;

const PROVIDER_FIELD = { google: 'googleId', github: 'githubId', spotify: 'spotifyId' } as const;

/** Creating an account may lose a race on a unique index; it is retried this many times. */
const CREATE_ATTEMPTS = 3;

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
 * The account a provider sign-in belongs to: the one linked to the provider id, else a new one.
 * An account that merely shares the e-mail is never taken over: its owner signs in their usual
 * way and links the provider (spec §8 emailExistsWithDifferentOauth).
 */
export async function resolveSignInAccount(
  db: Database,
  profile: OAuthProfile,
): Promise<{ user: UserRow; created: boolean }> {
  for (let attempt = 1; ; attempt++) {
    const linked = await findUserByProviderId(db, profile.provider, profile.id);
    if (linked) return { user: linked, created: false };
    if (profile.email === null) {
      throw new OAuthFailure(AUTH_ERRORS.oauthAuthFailed, 'the provider gave no verified e-mail');
    }
    if (await findUserByEmail(db, profile.email)) {
      throw new OAuthFailure(
        AUTH_ERRORS.emailExistsWithDifferentOauth,
        'the e-mail belongs to an account not linked to this provider',
      );
    }
    try {
      return { user: await createProviderAccount(db, profile, profile.email), created: true };
    } catch (error) {
      // Another sign-in took the provider id, e-mail or username meanwhile: look again.
      if (!isUniqueViolation(error) || attempt >= CREATE_ATTEMPTS) throw error;
    }
  }
}

/** A new account without a password, linked to the provider, with a random colour avatar. */
async function createProviderAccount(db: Database, profile: OAuthProfile, email: string) {
  const username = await availableUsername(db, usernameBase(profile));
  return createUserAccount(db, {
    name: displayName(profile, username),
    username,
    email,
    [PROVIDER_FIELD[profile.provider]]: profile.id,
  });
}

/** Links the provider id to the user, unless another account already holds it. */
export async function linkProviderAccount(
  db: Database,
  userId: string,
  profile: OAuthProfile,
): Promise<UserRow> {
  const owner = await findUserByProviderId(db, profile.provider, profile.id);
  if (owner && owner.id !== userId) {
    throw new OAuthFailure(AUTH_ERRORS.oauthAlreadyLinked, 'the provider id has another owner');
  }
  try {
    const [row] = await db
      .update(users)
      .set({ [PROVIDER_FIELD[profile.provider]]: profile.id, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning();
    if (!row) throw new OAuthFailure(AUTH_ERRORS.oauthLinkFailed, 'the account is gone');
    return row;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw new OAuthFailure(AUTH_ERRORS.oauthAlreadyLinked, 'the provider id was linked meanwhile');
  }
}

/**
 * Removes the provider from the account when a password or another provider remains (spec §5).
 * The condition is part of the update, so two unlinks at once cannot leave no way to sign in.
 */
export async function unlinkProviderAccount(
  db: Database,
  userId: string,
  provider: OAuthProvider,
): Promise<UserRow> {
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
  if (row) return row;
  const [unlinked] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), isNull(PROVIDER_COLUMN[provider])));
  if (unlinked) throw new AccountError(400, 'oauth_not_linked', AUTH_ERRORS.oauthNotLinked);
  throw new AccountError(400, 'oauth_last_sign_in_method', AUTH_ERRORS.oauthLastSignInMethod);
}

/** Whether a database error is a unique index refusing a value (PostgreSQL 23505). */
function isUniqueViolation(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if ('code' in cause && cause.code === '23505') return true;
  }
  return false;
}
