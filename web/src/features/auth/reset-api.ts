import { ACCOUNT_ROUTES } from '@music-rooms/domain/account-routes';
import { authRequest } from '../../app/session/auth-api';

/** Whether the e-mailed link can still be used. */
export async function verifyResetToken(token: string) {
  const { state } = await authRequest(ACCOUNT_ROUTES.verifyResetToken, { token });
  return state;
}

/**
 * Sets the new password with the link's token, then signs in with the one-time grant the
 * reset answered (spec §4: the user is logged in automatically).
 */
export async function resetPasswordAndSignIn(token: string, newPassword: string) {
  const grant = await authRequest(ACCOUNT_ROUTES.resetPasswordWithToken, { token, newPassword });
  const { user } = await authRequest(ACCOUNT_ROUTES.autoLogin, grant);
  return user;
}
