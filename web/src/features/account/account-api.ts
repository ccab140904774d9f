import type { UserId } from '@music-rooms/domain/ids';
import type { OAuthProvider } from '@music-rooms/domain/limits';
import { ACCOUNT_ROUTES } from '@music-rooms/domain/account-routes';
import { callMutation } from '../../lib/api/functions';
import { authRequest } from '../../app/session/auth-api';
import type { ProfileValues } from './profile-form';

/** The account's calls to the server (spec §7): profile, avatar, password, linked providers. */

/** What a profile save sends besides the fields: the password an e-mail change needs. */
export type ProfileSaveExtras = { currentPassword?: string | undefined; locale: string };

export function saveProfile(
  userId: UserId,
  changes: Partial<ProfileValues>,
  extras: ProfileSaveExtras,
) {
  const { currentPassword, locale } = extras;
  return callMutation('users.updateUserProfile', {
    id: userId,
    ...changes,
    ...(currentPassword ? { currentPassword } : {}),
    locale,
  });
}

/** Mails the verification link of a listed super administrator's address again. */
export function sendEmailVerification(locale: string) {
  return authRequest(ACCOUNT_ROUTES.sendEmailVerification, { locale });
}

/** Opens a verification link: what it did (verified, or why not). */
export function verifyEmail(token: string) {
  return authRequest(ACCOUNT_ROUTES.verifyEmail, { token });
}

/** The session takes the saved fields and answers the user. */
export function refreshSessionUser(changes: Partial<ProfileValues>) {
  return authRequest(ACCOUNT_ROUTES.updateSession, changes);
}

export function saveAvatar(userId: UserId, avatar: string) {
  return callMutation('users.updateAvatar', { id: userId, avatar });
}

/** Removes the photo: the avatar becomes a new random colour. */
export function resetAvatar(userId: UserId) {
  return callMutation('users.generateNewAvatarColor', { id: userId });
}

export function changePassword(userId: UserId, newPassword: string, currentPassword?: string) {
  return authRequest(ACCOUNT_ROUTES.changePassword, {
    userId,
    newPassword,
    ...(currentPassword ? { currentPassword } : {}),
  });
}

export function unlinkProvider(provider: OAuthProvider) {
  return authRequest(ACCOUNT_ROUTES.unlinkProvider, undefined, { provider });
}
