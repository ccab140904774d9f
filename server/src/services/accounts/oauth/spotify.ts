import type { Config } from '../../../config';
import {
  accessTokenOf,
  buildAuthorizationUrl,
  clientAuthentication,
  getResource,
  requestTokens,
  type CodeFlowClient,
} from './code-flow';
import type { OAuthProfile, OAuthProviderClient } from './types';

type SpotifyUser = {
  id: string;
  /** The stable identifier Spotify documents for linking accounts; `id` may change. */
  account_id?: string | null;
  email?: string | null;
  display_name?: string | null;
};

/** Spotify's authorization code flow with PKCE; its token endpoint wants HTTP Basic. */
export function spotifyProvider(config: Config, clientId: string): OAuthProviderClient {
  const base = config.oauthEndpoints.spotifyAccounts;
  const api = config.oauthEndpoints.spotifyApi;
  const flow: CodeFlowClient = {
    as: {
      issuer: base,
      authorization_endpoint: `${base}/authorize`,
      token_endpoint: `${base}/api/token`,
    },
    client: { client_id: clientId },
    clientAuth: clientAuthentication(config.oauth.spotify.clientSecret, 'basic'),
    scope: 'user-read-email',
  };

  return {
    id: 'spotify',
    usesNonce: false,
    authorizationUrl: (redirectUri, request) => buildAuthorizationUrl(flow, redirectUri, request),
    complete: async (callbackUrl, redirectUri, request) => {
      const response = await requestTokens(flow, callbackUrl, redirectUri, request);
      const me = await getResource<SpotifyUser>(
        await accessTokenOf(flow, response),
        `${api}/v1/me`,
      );
      const stableId = me.account_id || me.id;
      return {
        provider: 'spotify',
        id: stableId,
        formerIds: stableId === me.id ? [] : [me.id],
        // Spotify reports no verification flag; an e-mail is only ever compared, never merged on.
        email: me.email ?? null,
        name: me.display_name ?? null,
        handle: me.id,
      } satisfies OAuthProfile;
    },
  };
}
