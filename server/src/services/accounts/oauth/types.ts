import type { AuthErrorKey } from '@music-rooms/domain/auth';
import { DomainError } from '@music-rooms/domain/errors';
import type { OAuthProvider } from '@music-rooms/domain';

/** Who the provider says the person is, reduced to what an account needs. */
export type OAuthProfile = {
  provider: OAuthProvider;
  /**
   * The provider's stable id for the person (Google `sub`, GitHub numeric id, Spotify
   * `account_id`).
   */
  id: string;
  /**
   * Ids the provider gave the same person before its stable one, which older links may hold
   * (Spotify's `id`, which can change); an account found by one of them is moved to `id`.
   */
  formerIds: string[];
  /** A verified e-mail, or null when the provider gave none we may rely on. */
  email: string | null;
  name: string | null;
  /** A handle to derive a username from (GitHub login, Spotify id), when the provider has one. */
  handle: string | null;
};

/** The one-time values a flow sends the provider and checks on the way back. */
export type AuthorizationRequest = {
  state: string;
  codeVerifier: string;
  /** OpenID Connect only: echoed in the ID token, so a token minted for another flow is refused. */
  nonce: string | null;
};

/** One provider's side of the authorization code flow. */
export type OAuthProviderClient = {
  readonly id: OAuthProvider;
  /** Whether the provider wants a nonce (it issues ID tokens). */
  readonly usesNonce: boolean;
  /** The provider's consent page for this flow. */
  authorizationUrl: (redirectUri: string, request: AuthorizationRequest) => Promise<URL>;
  /** Checks the callback, trades the code for tokens and reads the profile. */
  complete: (
    callbackUrl: URL,
    redirectUri: string,
    request: AuthorizationRequest,
  ) => Promise<OAuthProfile>;
};

/** The code of a provider flow that ended without signing in or linking. */
export const OAUTH_FAILED = 'oauth_failed';

/**
 * A flow that ends without signing in or linking, as a domain error: its key is what the user
 * sees (on the /auth page or from the popup); `reason`, its message, goes to the log only and
 * never holds tokens or secrets.
 */
export const oauthFailure = (key: AuthErrorKey, reason: string) =>
  new DomainError(OAUTH_FAILED, key, {}, reason);

/** The key a provider flow failed with, or null for any other error (one to log in full). */
export function oauthFailureKey(error: unknown): AuthErrorKey | null {
  const failed = error instanceof DomainError && error.code === OAUTH_FAILED;
  // Only oauthFailure makes this code, always with an auth.errors key.
  return failed ? (error.key as AuthErrorKey) : null;
}
