import { AUTH_ERRORS, DomainError } from '@music-rooms/domain';
import type { AttemptLimiter } from '../attempt-limiter';
import { verifyPassword } from './passwords';
import { countAccountAction, userAccountKey } from './rate-limits';
import type { UserRow } from './users-store';

/** What an e-mail change brings besides the address: the password, and where it comes from. */
export type EmailChangeProof = {
  currentPassword?: string | undefined;
  address?: string | null | undefined;
};

/**
 * An account with a password changes its e-mail only with that password: whoever gets hold of
 * an open session must not move the account (and its password resets) to an address of theirs.
 * Counted like other password checks (AUTH_RATE_LIMITS.changeEmail). An account made through a
 * provider, with no password, changes it as before.
 */
export async function assertMayChangeEmail(
  attempts: AttemptLimiter,
  user: UserRow,
  proof: EmailChangeProof,
): Promise<void> {
  if (user.passwordHash === null) return;
  const who = { account: userAccountKey(user.id), address: proof.address };
  await countAccountAction(attempts, 'changeEmail', who);
  const field = { field: 'currentPassword' };
  if (!proof.currentPassword) {
    throw new DomainError('current_password_required', AUTH_ERRORS.currentPasswordRequired, field);
  }
  if (!(await verifyPassword(user.passwordHash, proof.currentPassword))) {
    throw new DomainError('current_password_wrong', AUTH_ERRORS.currentPasswordWrong, field);
  }
}
