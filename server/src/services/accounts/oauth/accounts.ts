import type { OAuthProvider, UserId } from '@music-rooms/domain';
import { AUTH_ERRORS } from '@music-rooms/domain/auth';
import { DomainError } from '@music-rooms/domain/errors';
import type { Database } from '../../../db';
import { isUniqueViolation } from '../../../db/errors';
import { createUserAccount } from '../users';
import {
  PROVIDER_FIELD,
  clearProviderIfAnotherRemains,
  findUserByEmail,
  findUserByProviderId,
  isProviderUnlinked,
  updateUser,
  type UserRow,
} from '../users-store';
import { oauthFailure, type OAuthProfile } from './types';
import { availableUsername, displayName, usernameBase } from './username';

/** Creating an account may lose a race on a unique index; it is retried this many times. */
const CREATE_ATTEMPTS = 3;

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
    const linked = await findLinkedAccount(db, profile);
    if (linked) return { user: linked, created: false };
    if (profile.email === null) {
      throw oauthFailure(AUTH_ERRORS.oauthAuthFailed, 'the provider gave no verified e-mail');
    }
    if (await findUserByEmail(db, profile.email)) {
      throw oauthFailure(
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

/**
 * The account linked to the person: by the provider's stable id, else by an id the provider
 * gave them before, in which case the link moves to the stable id so the old one is needed no
 * more.
 */
async function findLinkedAccount(db: Database, profile: OAuthProfile): Promise<UserRow | null> {
  const linked = await findUserByProviderId(db, profile.provider, profile.id);
  if (linked) return linked;
  for (const formerId of profile.formerIds) {
    const former = await findUserByProviderId(db, profile.provider, formerId);
    if (!former) continue;
    const moved = await updateUser(db, former.id, {
      [PROVIDER_FIELD[profile.provider]]: profile.id,
    });
    return moved ?? former;
  }
  return null;
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
  userId: UserId,
  profile: OAuthProfile,
): Promise<UserRow> {
  const owner = await findLinkedAccount(db, profile);
  if (owner && owner.id !== userId) {
    throw oauthFailure(AUTH_ERRORS.oauthAlreadyLinked, 'the provider id has another owner');
  }
  try {
    const row = await updateUser(db, userId, { [PROVIDER_FIELD[profile.provider]]: profile.id });
    if (!row) throw oauthFailure(AUTH_ERRORS.oauthLinkFailed, 'the account is gone');
    return row;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw oauthFailure(AUTH_ERRORS.oauthAlreadyLinked, 'the provider id was linked meanwhile');
  }
}

/** Removes the provider from the account when a password or another provider remains (spec §5). */
export async function unlinkProviderAccount(
  db: Database,
  userId: UserId,
  provider: OAuthProvider,
): Promise<UserRow> {
  const row = await clearProviderIfAnotherRemains(db, userId, provider);
  if (row) return row;
  if (await isProviderUnlinked(db, userId, provider))
    throw new DomainError('oauth_not_linked', AUTH_ERRORS.oauthNotLinked);
  throw new DomainError('oauth_last_sign_in_method', AUTH_ERRORS.oauthLastSignInMethod);
}
