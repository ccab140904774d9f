import * as oauth from 'oauth4webapi';
import { AUTH_ERRORS } from '@music-rooms/domain/auth';
import type { UserId } from '@music-rooms/domain';
import { describeFailure } from './code-flow';
import { FLOW_TTL_MS, type FlowState } from './flow-cookie';
import { oauthFailure, type OAuthProfile, type OAuthProviderClient } from './types';

export type FlowMode = FlowState['mode'];

export type FlowStart = {
  mode: FlowMode;
  userId: UserId | null;
  popup: boolean;
  returnTo: string;
  redirectUri: string;
};

/** The message a failed flow shows in each mode (spec §8 OAuth keys). */
export const failureKeyFor = (mode: FlowMode) =>
  mode === 'link' ? AUTH_ERRORS.oauthLinkFailed : AUTH_ERRORS.oauthAuthFailed;

/** Makes the one-time values of a new flow and the provider URL that starts it. */
export async function beginFlow(
  provider: OAuthProviderClient,
  start: FlowStart,
  now = Date.now(),
): Promise<{ url: URL; flow: FlowState }> {
  const flow: FlowState = {
    provider: provider.id,
    mode: start.mode,
    userId: start.userId,
    state: oauth.generateRandomState(),
    codeVerifier: oauth.generateRandomCodeVerifier(),
    nonce: provider.usesNonce ? oauth.generateRandomNonce() : null,
    popup: start.popup,
    returnTo: start.returnTo,
    expiresAt: now + FLOW_TTL_MS,
  };
  try {
    return { url: await provider.authorizationUrl(start.redirectUri, flow), flow };
  } catch (error) {
    throw oauthFailure(failureKeyFor(start.mode), describeFailure(error));
  }
}

/**
 * Finishes the provider's side of a flow: state, PKCE and (OIDC) nonce are checked by the
 * provider client. Any failure becomes an oauthFailure with the mode's message.
 */
export async function completeFlow(
  provider: OAuthProviderClient,
  flow: FlowState,
  callbackUrl: URL,
  redirectUri: string,
): Promise<OAuthProfile> {
  try {
    return await provider.complete(callbackUrl, redirectUri, flow);
  } catch (error) {
    throw oauthFailure(failureKeyFor(flow.mode), describeFailure(error));
  }
}
