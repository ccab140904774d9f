import type { UserId } from '@music-rooms/domain/ids';
import { AUTH_ROUTES, type ResetTokenState, type SessionUser } from '@music-rooms/domain/auth';
import { authRequest } from '../../app/session/auth-api';

/** POST /api/auth/verify-reset-token: whether the e-mailed link can still be used. */
export async function verifyResetToken(token: string): Promise<ResetTokenState> {
  const { state } = await authRequest<{ state: ResetTokenState }>(
    'POST',
    AUTH_ROUTES.verifyResetToken,
    { token },
  );
  return state;
}

type ResetGrant = { userId: UserId; email: string; name: string; grant: string };

/**
 * Sets the new password with the link's token, then signs in with the one-time grant the
 * reset answered (spec §4: the user is logged in automatically).
 */
export async function resetPasswordAndSignIn(token: string, newPassword: string) {
  const grant = await authRequest<ResetGrant>('POST', AUTH_ROUTES.resetPasswordWithToken, {
    token,
    newPassword,
  });
  const { user } = await authRequest<{ user: SessionUser }>('POST', AUTH_ROUTES.autoLogin, grant);
  return user;
}
