import {
  AUTH_ERRORS,
  type LoginInput,
  type RegisterInput,
  DomainError,
  type UserId,
} from '@music-rooms/domain';
import type { Database } from '../../db';
import { inTransaction } from '../../db/transaction';
import { forbidden, loginFailed, takenBy } from './errors';
import { hashPassword, verifyPassword } from './passwords';
import { revokeUserSessions, type AnnounceEndedSessions } from './sessions';
import { createUserAccount } from './users';
import {
  findUserByEmail,
  findUserByEmailOrUsername,
  findUserByUsername,
  updateUser,
  violatedUserField,
  type UserRow,
} from './users-store';

/**
 * Sign-in with an e-mail or username (any case) and a password. Unknown account and wrong
 * password get the same answer, after the same amount of work.
 */
export async function signInWithPassword(db: Database, input: LoginInput): Promise<UserRow> {
  const user = await findUserByEmailOrUsername(db, input.emailOrUsername);
  const valid = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !valid) throw loginFailed();
  return user;
}

/** Fails with emailExists / usernameTaken when another account holds the e-mail or username. */
export async function assertAvailable(
  db: Database,
  fields: { email?: string | undefined; username?: string | undefined },
  exceptUserId?: string,
): Promise<void> {
  const byEmail = fields.email === undefined ? null : await findUserByEmail(db, fields.email);
  if (byEmail && byEmail.id !== exceptUserId) throw takenBy('email');
  const byUsername =
    fields.username === undefined ? null : await findUserByUsername(db, fields.username);
  if (byUsername && byUsername.id !== exceptUserId) throw takenBy('username');
}

/** A unique-index error from a race with another request, as the message the form shows. */
export function conflictFrom(error: unknown): never {
  const field = violatedUserField(error);
  if (field === 'email' || field === 'username') throw takenBy(field);
  throw error;
}

/** Sign-up: a new account with an argon2id password hash and a random colour avatar. */
export async function registerAccount(db: Database, input: RegisterInput): Promise<UserRow> {
  await assertAvailable(db, input);
  const passwordHash = await hashPassword(input.password);
  return createUserAccount(db, { ...input, passwordHash }).catch(conflictFrom);
}

export type PasswordChange = {
  /** The signed-in user and their session, which stays signed in. */
  user: UserRow;
  sessionId: string;
  /** Whose password the request names: only one's own may be changed. */
  userId: UserId;
  newPassword: string;
  currentPassword?: string | undefined;
};

/**
 * Changes (or, for an account made through a provider, sets) the caller's password. The
 * current one must be given when one is set. Every other session of the user is signed out,
 * and their end announced once it is saved.
 */
export async function changePassword(
  db: Database,
  change: PasswordChange,
  announceEnded: AnnounceEndedSessions,
): Promise<UserRow> {
  const { user } = change;
  if (change.userId !== user.id) throw forbidden();
  if (user.passwordHash !== null) {
    const valid = await verifyPassword(user.passwordHash, change.currentPassword ?? '');
    if (!valid) {
      throw new DomainError('change_password_failed', AUTH_ERRORS.changePasswordFailed, {
        field: 'currentPassword',
      });
    }
  }
  const passwordHash = await hashPassword(change.newPassword);
  // The new password and signing out the old one's sessions happen together, or not at all.
  const { updated, ended } = await inTransaction(db, async (tx) => ({
    updated: await updateUser(tx, user.id, { passwordHash }),
    ended: await revokeUserSessions(tx, user.id, change.sessionId),
  }));
  await announceEnded(ended);
  return updated as UserRow;
}
