import type { UserId } from './ids';
import type { OAuthProvider } from './limits';
import type { RoomUserRole, RoomVisibility } from './rooms';

/**
 * The accounts contract (spec §3 User, §7 app server calls, §8 messages), shared by server and web.
 * No zod here: the header imports these types. The routes themselves, with their body schemas,
 * are declared in account-routes.ts; the form schemas live in schemas/auth.ts.
 */

/** How the current session was signed in. */
export type SessionType = 'password' | OAuthProvider;

/** The user carried by a session (spec §3: id, email, type, username, name, avatar). */
export type SessionUser = {
  id: UserId;
  email: string;
  type: SessionType;
  username: string;
  name: string;
  /** A colour starting with # or a 64×64 JPEG data URL. */
  avatar: string;
  superadmin: boolean;
  hasPassword: boolean;
  providers: OAuthProvider[];
  /**
   * The e-mail is listed in SUPER_ADMIN_EMAILS but not verified yet: the rights come once the
   * owner opens the mailed verification link (ACCOUNT_ROUTES.sendEmailVerification resends it).
   */
  adminEmailUnverified: boolean;
};

/** GET /api/_auth/session. */
export type SessionResponse = { user: SessionUser | null };

/** What users.getById shows of anyone: never e-mail, hashes or provider ids. */
export type PublicUser = { _id: UserId; name: string; username: string; avatar: string };

/** Settings a user keeps with the account (profile and settings screen). */
export type UserPreferences = { notifications: boolean; soundEffects: boolean };
export const DEFAULT_PREFERENCES: UserPreferences = { notifications: true, soundEffects: false };

/** States of a password reset link (spec §3 Password reset token). */
export const RESET_TOKEN_STATES = ['valid', 'expired', 'used', 'invalid', 'missing'] as const;
export type ResetTokenState = (typeof RESET_TOKEN_STATES)[number];

/**
 * Server messages (spec §8). They travel as `statusMessage`; the client translates every value
 * that starts with `auth.errors.` and shows anything else as it came.
 */
export const AUTH_ERRORS = {
  allFieldsRequired: 'auth.errors.allFieldsRequired',
  invalidEmail: 'auth.errors.invalidEmail',
  loginFailed: 'auth.errors.loginFailed',
  registrationFailed: 'auth.errors.registrationFailed',
  emailExists: 'auth.errors.emailExists',
  usernameTaken: 'auth.errors.usernameTaken',
  invalidInput: 'auth.errors.invalidInput',
  notSignedIn: 'auth.errors.notSignedIn',
  forbidden: 'auth.errors.forbidden',
  tooManyRequests: 'auth.errors.tooManyRequests',
  userNotFound: 'auth.errors.userNotFound',
  sendEmailFailed: 'auth.errors.sendEmailFailed',
  changePasswordFailed: 'auth.errors.changePasswordFailed',
  resetFailed: 'auth.errors.resetFailed',
  linkExpired: 'auth.errors.linkExpired',
  linkUsed: 'auth.errors.linkUsed',
  linkInvalid: 'auth.errors.linkInvalid',
  tokenMissing: 'auth.errors.tokenMissing',
  verifyFailed: 'auth.errors.verifyFailed',
  oauthAuthFailed: 'auth.errors.oauthAuthFailed',
  oauthAlreadyLinked: 'auth.errors.oauthAlreadyLinked',
  oauthLinkFailed: 'auth.errors.oauthLinkFailed',
  oauthUnlinkFailed: 'auth.errors.oauthUnlinkFailed',
  oauthNotLinked: 'auth.errors.oauthNotLinked',
  oauthLastSignInMethod: 'auth.errors.oauthLastSignInMethod',
  emailExistsWithDifferentOauth: 'auth.errors.emailExistsWithDifferentOauth',
  // Changing the e-mail, and verifying it
  currentPasswordRequired: 'auth.errors.currentPasswordRequired',
  currentPasswordWrong: 'auth.errors.currentPasswordWrong',
  verificationNotNeeded: 'auth.errors.verificationNotNeeded',
} as const;
export type AuthErrorKey = (typeof AUTH_ERRORS)[keyof typeof AUTH_ERRORS];

/** The English wording of each server message, exactly as the spec gives it where it does. */
export const AUTH_ERROR_TEXT: Record<AuthErrorKey, string> = {
  'auth.errors.allFieldsRequired': 'All fields are required',
  'auth.errors.invalidEmail': 'Invalid email address',
  'auth.errors.loginFailed': 'Login failed. Please check your credentials.',
  'auth.errors.registrationFailed': 'Registration failed. Please try again.',
  'auth.errors.emailExists': 'An account with this email already exists',
  'auth.errors.usernameTaken': 'This username is already taken',
  'auth.errors.invalidInput': 'Some fields are not filled in correctly.',
  'auth.errors.notSignedIn': 'You must be logged in to perform this action',
  'auth.errors.forbidden': 'You are not allowed to do this.',
  'auth.errors.tooManyRequests': 'Too many attempts. Please wait a minute and try again.',
  'auth.errors.userNotFound': 'User with this email or username not found.',
  'auth.errors.sendEmailFailed': 'Failed to send email. Please try again.',
  'auth.errors.changePasswordFailed': 'Failed to change password. Check your current password.',
  'auth.errors.resetFailed': 'Failed to reset password. Please try again.',
  'auth.errors.linkExpired': 'Link expired. Request a new password reset link.',
  'auth.errors.linkUsed': 'This link has already been used.',
  'auth.errors.linkInvalid': 'Invalid password reset link.',
  'auth.errors.tokenMissing': 'Missing password reset token.',
  'auth.errors.verifyFailed': 'Error verifying token.',
  'auth.errors.oauthAuthFailed': 'Sign-in with this provider failed. Please try again.',
  'auth.errors.oauthAlreadyLinked': 'This account is already linked to another user.',
  'auth.errors.oauthLinkFailed': 'Could not link the account. Please try again.',
  'auth.errors.oauthUnlinkFailed': 'Could not unlink the account. Please try again.',
  'auth.errors.oauthNotLinked': 'This account is not linked.',
  'auth.errors.oauthLastSignInMethod':
    'Set a password or link another account first: this is your only way to sign in.',
  'auth.errors.emailExistsWithDifferentOauth':
    'An account with this email already exists. Sign in with your password or the provider you used before, then link this one.',
  'auth.errors.currentPasswordRequired': 'Enter your current password to change the e-mail.',
  'auth.errors.currentPasswordWrong': 'The current password is not correct.',
  'auth.errors.verificationNotNeeded': 'This e-mail address needs no verification.',
};

/** Success keys the /auth page receives in its `success` query value. */
export const AUTH_SUCCESS = {
  signedIn: 'auth.success.signedIn',
  linked: 'auth.success.linked',
  unlinked: 'auth.success.unlinked',
} as const;
export type AuthSuccessKey = (typeof AUTH_SUCCESS)[keyof typeof AUTH_SUCCESS];

/**
 * Provider sign-in and linking (spec §4 popup sign-in, §7 /auth/{provider} and link-{provider}).
 *
 * Start: browser navigation to `AUTH_ROUTES.signIn(provider)` or `AUTH_ROUTES.link(provider)`
 * (linking needs a signed-in user), with the query options below. A provider without a client id
 * is not in GET /api/config's `oauthProviders`, and its routes answer 404.
 *
 * Result without `popup=1`: a redirect to `/auth?success=<AuthSuccessKey>&returnTo=<path>` or
 * `/auth?error=<key>&returnTo=<path>` (`returnTo` only when the flow was known). The error is an
 * `auth.errors.*` key, except a failed Google sign-in, which arrives as `GOOGLE_OAUTH_FAILED`
 * (shown as auth.googleError). A link attempt by a guest goes to
 * `/auth?error=auth.errors.notSignedIn`.
 *
 * Result with `popup=1`: the popup posts an `OAuthPopupMessage` to `window.opener` (target origin:
 * the site's public origin) and closes itself. When the opener link was cut on the way (a
 * provider's Cross-Origin-Opener-Policy), it posts the message on the `OAUTH_POPUP_CHANNEL`
 * BroadcastChannel instead and closes; if it may not close, it redirects like the case without
 * popup. Listen on both; each message arrives one way only.
 */
export const OAUTH_QUERY = {
  /** `1`: the flow runs in a popup (`LIMITS.signInPopup`) and ends by messaging the opener. */
  popup: 'popup',
  /** A same-origin path to come back to afterwards; anything else becomes `/`. */
  returnTo: 'returnTo',
} as const;

/** The /auth page's `error` value for a failed Google sign-in (spec §8: maps to auth.googleError). */
export const GOOGLE_OAUTH_FAILED = 'google_oauth_failed';

/** `type` of every message the sign-in popup posts. */
export const OAUTH_POPUP_MESSAGE_TYPE = 'music-rooms:oauth';
/** BroadcastChannel the popup posts on instead when the provider's pages cut its opener link. */
export const OAUTH_POPUP_CHANNEL = 'music-rooms:oauth';

/** What the popup tells the window that opened it. Check `event.origin` before trusting it. */
export type OAuthPopupMessage = {
  type: typeof OAUTH_POPUP_MESSAGE_TYPE;
  provider: OAuthProvider;
  /** Whether the popup signed in or linked an account to the signed-in user. */
  mode: 'signIn' | 'link';
  ok: boolean;
  /** When ok: what happened (auth.success.signedIn or auth.success.linked). */
  success?: AuthSuccessKey;
  /** When not ok: an auth.errors.* key (a failed Google sign-in too: auth.errors.oauthAuthFailed). */
  error?: AuthErrorKey;
  /** When ok: the signed-in user as GET /api/_auth/session now reports it. */
  user?: SessionUser;
};

/** POST /api/auth/unlink-{provider}; failures are the usual error body with its statusMessage. */
export type UnlinkResponse = { success: true; message: typeof AUTH_SUCCESS.unlinked };

/** A signed-in user's own profile (users.getCurrentUser): the session user without its sign-in type. */
export type CurrentUser = Omit<SessionUser, 'type'> & { _id: UserId };

/** Answer of sign-in, sign-up, auto-login and update-session: the session user. */
export type AuthUserResponse = { user: SessionUser };

/** POST /api/auth/request-password-reset: where the link went: the account's e-mail, masked (see maskEmail). */
export type PasswordResetRequested = { success: true; email: string };

/** POST /api/auth/verify-reset-token. */
export type VerifyResetTokenResponse = { state: Exclude<ResetTokenState, 'missing'> };

/** POST /api/auth/reset-password-with-token: a successful reset: who it was, and a one-time grant (valid 2 minutes) for auto-login. */
export type ResetPasswordResult = { userId: UserId; email: string; name: string; grant: string };

/** POST /api/auth/change-password. */
export type ChangePasswordResponse = { success: true; user: SessionUser };

/** POST /api/auth/send-email-verification: where the link went, masked (see maskEmail). */
export type EmailVerificationSent = { success: true; email: string };

/** POST /api/auth/verify-email {token}: what the link did. */
export const EMAIL_VERIFICATION_STATES = ['verified', 'expired', 'used', 'invalid'] as const;
export type EmailVerificationState = (typeof EMAIL_VERIFICATION_STATES)[number];
export type VerifyEmailResponse = { state: EmailVerificationState };

/** DELETE /api/_auth/session. */
export type SignOutResponse = { success: true };

/** GET /api/account/export: everything the account holds, one key per section. */
export type AccountExport = {
  exportedAt: string;
  profile: {
    id: string;
    name: string;
    username: string;
    email: string;
    avatar: string;
    superAdmin: boolean;
    hasPassword: boolean;
    createdAt: string;
    updatedAt: string;
  };
  preferences: UserPreferences;
  linkedProviders: OAuthProvider[];
  sessions: Array<{
    type: SessionType;
    createdAt: string;
    expiresAt: string;
    userAgent: string | null;
    current: boolean;
  }>;
  /** Rooms the user owns. A room password shows only as whether one is set. */
  ownedRooms: Array<{
    id: string;
    name: string;
    description: string;
    /** The room's address: /room/{url}. */
    url: string;
    visibility: RoomVisibility;
    hasPassword: boolean;
    createdAt: string;
  }>;
  /** Rooms of others where the user has a role, or has asked to join (requested, rejected). */
  roomMemberships: Array<{
    roomId: string;
    name: string;
    url: string;
    role: Exclude<RoomUserRole, 'owner'>;
    since: string;
  }>;
  /** Rooms the user marked as favourite. */
  favoriteRooms: Array<{ roomId: string; name: string; url: string; addedAt: string }>;
};

/**
 * An e-mail as the account dialog and the "sent" state show it: the first and last character
 * of the part before the @, the rest hidden (`j***n@example.com`).
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return email;
  const local = email.slice(0, at);
  const shown = local.length <= 2 ? `${local[0]}***` : `${local[0]}***${local[local.length - 1]}`;
  return `${shown}${email.slice(at)}`;
}
