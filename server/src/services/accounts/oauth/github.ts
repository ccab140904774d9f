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

type GitHubUser = { id: number | string; login: string; name: string | null };
type GitHubEmail = { email: string; primary: boolean; verified: boolean };

/** GitHub asks every API caller to name itself and the API version it was written for. */
const API_HEADERS = {
  accept: 'application/vnd.github+json',
  'user-agent': 'music-rooms',
  'x-github-api-version': '2022-11-28',
};

/** GitHub's OAuth app flow; the e-mail is the primary one GitHub has verified. */
export function githubProvider(config: Config, clientId: string): OAuthProviderClient {
  const base = config.oauthEndpoints.githubOAuth;
  const api = config.oauthEndpoints.githubApi;
  const flow: CodeFlowClient = {
    as: {
      issuer: base,
      authorization_endpoint: `${base}/login/oauth/authorize`,
      token_endpoint: `${base}/login/oauth/access_token`,
    },
    client: { client_id: clientId },
    clientAuth: clientAuthentication(config.oauth.github.clientSecret, 'post'),
    scope: 'read:user user:email',
  };

  return {
    id: 'github',
    usesNonce: false,
    authorizationUrl: (redirectUri, request) => buildAuthorizationUrl(flow, redirectUri, request),
    complete: async (callbackUrl, redirectUri, request) => {
      const response = await requestTokens(flow, callbackUrl, redirectUri, request);
      const token = await accessTokenOf(flow, response);
      const [user, emails] = await Promise.all([
        getResource<GitHubUser>(token, `${api}/user`, API_HEADERS),
        // Without the user:email grant the list is refused; a linked account needs no e-mail,
        // and a new one is refused later for want of one.
        getResource<GitHubEmail[]>(token, `${api}/user/emails`, API_HEADERS).catch(() => []),
      ]);
      const primary = emails.find((entry) => entry.primary && entry.verified);
      return {
        provider: 'github',
        id: String(user.id),
        formerIds: [],
        email: primary?.email ?? null,
        name: user.name ?? user.login,
        handle: user.login,
      } satisfies OAuthProfile;
    },
  };
}
