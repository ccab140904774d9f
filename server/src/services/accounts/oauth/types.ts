import type { AuthErrorKey } from '@music-rooms/domain/auth';
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

/**
 * A flow that ends without signing in or linking. `key` is what the user sees; `reason` goes
 * to the log only and never holds tokens or secrets.
 */
export class OAuthFailure extends Error {
  constructor(
    readonly key: AuthErrorKey,
    readonly reason: string,
  ) {
    super(reason);
    this.name = 'OAuthFailure';
  }
}
