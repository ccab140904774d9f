import * as oauth from 'oauth4webapi';
import { AUTH_ERRORS } from '@music-rooms/domain/auth';
import { DomainError } from '@music-rooms/domain/errors';
import type { AuthorizationRequest } from './types';
import { oauthFailure } from './types';
import { safeErrorText } from '../../../log-errors';

/** How the app talks to one provider's authorization and token endpoints. */
export type CodeFlowClient = {
  as: oauth.AuthorizationServer;
  client: oauth.Client;
  clientAuth: oauth.ClientAuth;
  scope: string;
};

/** A provider that takes longer than this is treated as down. */
const REQUEST_TIMEOUT_MS = 10_000;

/** The client authentication for a confidential client, or none for a public (PKCE-only) one. */
export function clientAuthentication(
  secret: string | null,
  method: 'post' | 'basic',
): oauth.ClientAuth {
  if (secret === null) return oauth.None();
  return method === 'post' ? oauth.ClientSecretPost(secret) : oauth.ClientSecretBasic(secret);
}

/**
 * Options for every request to a provider. Real providers are https; plain http is allowed
 * only on the loopback interface, where local providers (tests, development) run.
 */
export function requestOptions(url: string | undefined) {
  return {
    signal: () => AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    [oauth.allowInsecureRequests]: url !== undefined && isLoopbackHttp(url),
  };
}

function isLoopbackHttp(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  return (
    protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(hostname.toLowerCase())
  );
}

/** The consent page URL: authorization code with PKCE (S256), state and, for OIDC, a nonce. */
export async function buildAuthorizationUrl(
  flow: CodeFlowClient,
  redirectUri: string,
  request: AuthorizationRequest,
): Promise<URL> {
  if (!flow.as.authorization_endpoint) {
    throw oauthFailure(AUTH_ERRORS.oauthAuthFailed, 'provider has no authorization endpoint');
  }
  const url = new URL(flow.as.authorization_endpoint);
  const challenge = await oauth.calculatePKCECodeChallenge(request.codeVerifier);
  const params = {
    client_id: flow.client.client_id,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: flow.scope,
    state: request.state,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...(request.nonce ? { nonce: request.nonce } : {}),
  };
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url;
}

/**
 * Checks the callback's state (and issuer, when the provider names one), then trades the code
 * for tokens with the PKCE verifier. The raw token response is returned for OIDC validation.
 */
export async function requestTokens(
  flow: CodeFlowClient,
  callbackUrl: URL,
  redirectUri: string,
  request: AuthorizationRequest,
): Promise<Response> {
  const params = oauth.validateAuthResponse(flow.as, flow.client, callbackUrl, request.state);
  return oauth.authorizationCodeGrantRequest(
    flow.as,
    flow.client,
    flow.clientAuth,
    params,
    redirectUri,
    request.codeVerifier,
    requestOptions(flow.as.token_endpoint),
  );
}

/** The access token of a plain OAuth 2.0 token response. */
export async function accessTokenOf(flow: CodeFlowClient, response: Response): Promise<string> {
  const tokens = await oauth.processAuthorizationCodeResponse(flow.as, flow.client, response);
  return tokens.access_token;
}

/** GETs a provider API resource with the access token and reads its JSON. */
export async function getResource<T>(
  accessToken: string,
  url: string,
  headers: Record<string, string> = {},
): Promise<T> {
  const response = await oauth.protectedResourceRequest(
    accessToken,
    'GET',
    new URL(url),
    new Headers({ accept: 'application/json', ...headers }),
    null,
    requestOptions(url),
  );
  if (!response.ok) {
    throw oauthFailure(
      AUTH_ERRORS.oauthAuthFailed,
      `${new URL(url).pathname} answered ${response.status}`,
    );
  }
  return (await response.json()) as T;
}

/**
 * What may be logged about a failure: the error's kind and message, never its `cause`, which
 * for token responses holds the response body (and so the tokens).
 */
export function describeFailure(error: unknown): string {
  // A flow's own failure says why in its message (never a token).
  if (error instanceof DomainError) return error.message;
  if (error instanceof oauth.AuthorizationResponseError) {
    return `provider refused: ${error.error}`;
  }
  if (error instanceof oauth.ResponseBodyError) {
    return `token endpoint refused: ${error.error} (${error.status})`;
  }
  // A database error's message may hold the query and its parameters: log-errors strips them.
  return safeErrorText(error).slice(0, 300);
}
