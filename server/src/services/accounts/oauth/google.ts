import * as oauth from 'oauth4webapi';
import { AUTH_ERRORS } from '@music-rooms/domain/auth';
import type { Config } from '../../../config';
import {
  buildAuthorizationUrl,
  clientAuthentication,
  requestOptions,
  requestTokens,
  type CodeFlowClient,
} from './code-flow';
import { oauthFailure, type OAuthProfile, type OAuthProviderClient } from './types';

/** Discovered metadata is reused for an hour, so a key or endpoint change is picked up. */
const DISCOVERY_TTL_MS = 60 * 60 * 1000;

/**
 * Google through OpenID Connect: endpoints come from the issuer's discovery document, and the
 * ID token is checked (signature against the issuer's JWKS, iss, aud, nonce, expiry) before its
 * claims are believed.
 */
export function googleProvider(config: Config, clientId: string): OAuthProviderClient {
  const issuer = new URL(config.oauthEndpoints.googleIssuer);
  const client: oauth.Client = { client_id: clientId };
  const clientAuth = clientAuthentication(config.oauth.google.clientSecret, 'post');
  let discovered: { as: oauth.AuthorizationServer; at: number } | null = null;

  // The issuer's metadata, fetched on first use and after it has aged.
  const codeFlow = async (): Promise<CodeFlowClient> => {
    if (!discovered || Date.now() - discovered.at > DISCOVERY_TTL_MS) {
      const response = await oauth.discoveryRequest(issuer, requestOptions(issuer.href));
      discovered = { as: await oauth.processDiscoveryResponse(issuer, response), at: Date.now() };
    }
    return { as: discovered.as, client, clientAuth, scope: 'openid email profile' };
  };

  return {
    id: 'google',
    usesNonce: true,
    authorizationUrl: async (redirectUri, request) =>
      buildAuthorizationUrl(await codeFlow(), redirectUri, request),
    complete: async (callbackUrl, redirectUri, request) => {
      const flow = await codeFlow();
      const response = await requestTokens(flow, callbackUrl, redirectUri, request);
      const tokens = await oauth.processAuthorizationCodeResponse(flow.as, client, response, {
        expectedNonce: request.nonce ?? oauth.expectNoNonce,
        requireIdToken: true,
      });
      await oauth.validateApplicationLevelSignature(
        flow.as,
        response,
        requestOptions(flow.as.jwks_uri),
      );
      const claims = oauth.getValidatedIdTokenClaims(tokens);
      if (!claims) throw oauthFailure(AUTH_ERRORS.oauthAuthFailed, 'no ID token');
      const fromToken = profileOf(claims);
      if (fromToken.email !== null && fromToken.name !== null) return fromToken;
      return withUserInfo(flow, tokens.access_token, claims.sub, fromToken);
    },
  };
}

/** The account fields an ID token or userinfo answer carries; an unverified e-mail is dropped. */
function profileOf(claims: Record<string, unknown>): OAuthProfile {
  const verified = claims.email_verified === true || claims.email_verified === 'true';
  return {
    provider: 'google',
    id: String(claims.sub),
    formerIds: [],
    email: verified && typeof claims.email === 'string' ? claims.email : null,
    name: typeof claims.name === 'string' ? claims.name : null,
    handle: null,
  };
}

/** Fills what the ID token left out (some accounts give e-mail or name only at userinfo). */
async function withUserInfo(
  flow: CodeFlowClient,
  accessToken: string,
  subject: string,
  fromToken: OAuthProfile,
): Promise<OAuthProfile> {
  if (!flow.as.userinfo_endpoint) return fromToken;
  const response = await oauth.userInfoRequest(
    flow.as,
    flow.client,
    accessToken,
    requestOptions(flow.as.userinfo_endpoint),
  );
  const info = profileOf(
    await oauth.processUserInfoResponse(flow.as, flow.client, subject, response),
  );
  return { ...fromToken, email: fromToken.email ?? info.email, name: fromToken.name ?? info.name };
}
