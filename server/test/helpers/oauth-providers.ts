import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { OAuth2Server, type MutableResponse, type MutableToken } from 'oauth2-mock-server';

/**
 * Local stand-ins for Google, GitHub and Spotify that speak their protocols over HTTP on
 * 127.0.0.1, so the app's real OAuth code runs against them (DESIGN §7: no mocks of our code).
 */

export const CLIENT = {
  google: { id: 'google-client-id', secret: 'google-client-secret-value' },
  github: { id: 'github-client-id', secret: 'github-client-secret-value' },
  spotify: { id: 'spotify-client-id', secret: 'spotify-client-secret-value' },
} as const;

export type GoogleClaims = {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  picture?: string;
};

export type FakeGoogle = {
  issuer: string;
  /** The person the next sign-in is for (ID token claims). */
  claims: GoogleClaims;
  /** What the userinfo endpoint answers (its `sub` is always the ID token's). */
  userinfo: Record<string, unknown>;
  /** Alters the next ID token only: a wrong audience, nonce or expiry. */
  tamperNextIdToken: (change: (payload: Record<string, unknown>) => void) => void;
  /** Breaks the signature of the next ID token (the JWKS no longer vouches for it). */
  breakNextSignature: () => void;
  /** Every access and ID token the provider handed out. */
  issuedTokens: string[];
  close: () => Promise<void>;
};

/** A real OpenID Connect provider (oauth2-mock-server) whose ID tokens carry `claims`. */
export async function startFakeGoogle(): Promise<FakeGoogle> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  // The issuer must be the exact address the app is configured with (not "localhost").
  server.issuer.url = `http://127.0.0.1:${server.address().port}`;
  let tamper: ((payload: Record<string, unknown>) => void) | null = null;
  let breakSignature = false;
  const fake: FakeGoogle = {
    issuer: server.issuer.url,
    claims: { sub: 'google-1', email: 'g@example.com', email_verified: true, name: 'G' },
    userinfo: {},
    tamperNextIdToken: (change) => void (tamper = change),
    breakNextSignature: () => void (breakSignature = true),
    issuedTokens: [],
    close: () => server.stop(),
  };
  server.service.on('beforeTokenSigning', (token: MutableToken) => {
    // Only the ID token has an audience; the access token keeps the defaults.
    if (!('aud' in token.payload)) return;
    Object.assign(token.payload, fake.claims);
    tamper?.(token.payload);
    tamper = null;
  });
  server.service.on('beforeResponse', (response: MutableResponse) => {
    const body = response.body as Record<string, string>;
    fake.issuedTokens.push(body.access_token ?? '', body.id_token ?? '');
    if (breakSignature && body.id_token) {
      const [header, payload, signature = ''] = body.id_token.split('.');
      const flipped = `${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
      body.id_token = `${header}.${payload}.${flipped}`;
      breakSignature = false;
    }
  });
  server.service.on('beforeUserinfo', (response: MutableResponse) => {
    response.body = { ...fake.userinfo, sub: fake.claims.sub };
  });
  return fake;
}

/** A code the fake provider issued, with what it must be redeemed with. */
type Grant = { challenge: string; redirectUri: string; clientId: string; profile: unknown };

type FakeProviderSpec = {
  client: { id: string; secret: string };
  authorizePath: string;
  tokenPath: string;
  /** GitHub takes the secret in the form; Spotify in an HTTP Basic header. */
  clientAuth: 'post' | 'basic';
  /** API resources, by path, made from the profile the token was issued for. */
  resources: Record<string, (profile: never) => unknown>;
};

export type FakeOAuthProvider<Profile> = {
  url: string;
  /** The person the next authorization is for. */
  profile: Profile;
  /** Every access token handed out. */
  issuedTokens: string[];
  /** Makes an API path answer this status instead of its resource; null restores it. */
  failPath: (path: string, status: number | null) => void;
  close: () => Promise<void>;
};

/** An OAuth 2.0 provider with PKCE (S256) and bearer-token API resources, on node:http. */
async function startFakeProvider<Profile>(
  spec: FakeProviderSpec,
  profile: Profile,
): Promise<FakeOAuthProvider<Profile>> {
  const grants = new Map<string, Grant>();
  const tokens = new Map<string, unknown>();
  const failures = new Map<string, number>();
  const fake = {
    url: '',
    profile,
    issuedTokens: [] as string[],
    failPath: (path: string, status: number | null) =>
      void (status === null ? failures.delete(path) : failures.set(path, status)),
    close: () => closeServer(server),
  };
  const handlers = { grants, tokens, failures, fake, spec };
  const server = createServer((req, res) => {
    void handle(handlers, req, res).catch(() => sendJson(res, 500, { error: 'server_error' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  fake.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return fake;
}

type Handlers = {
  grants: Map<string, Grant>;
  tokens: Map<string, unknown>;
  failures: Map<string, number>;
  fake: { profile: unknown; issuedTokens: string[] };
  spec: FakeProviderSpec;
};

async function handle(h: Handlers, req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  if (req.method === 'GET' && url.pathname === h.spec.authorizePath) return authorize(h, url, res);
  if (req.method === 'POST' && url.pathname === h.spec.tokenPath) {
    return issueToken(h, req, new URLSearchParams(await readBody(req)), res);
  }
  const resource = h.spec.resources[url.pathname];
  if (req.method !== 'GET' || !resource) return sendJson(res, 404, { message: 'Not Found' });
  const token = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
  const profile = token === undefined ? undefined : h.tokens.get(token);
  if (profile === undefined) return sendJson(res, 401, { message: 'Bad credentials' });
  const failure = h.failures.get(url.pathname);
  if (failure) return sendJson(res, failure, { message: 'failure' });
  return sendJson(res, 200, resource(profile as never));
}

/** The consent step, already agreed: back to redirect_uri with a code and the same state. */
function authorize(h: Handlers, url: URL, res: ServerResponse) {
  const q = url.searchParams;
  const redirectUri = q.get('redirect_uri') ?? '';
  const valid =
    q.get('client_id') === h.spec.client.id &&
    q.get('response_type') === 'code' &&
    q.get('code_challenge_method') === 'S256' &&
    Boolean(q.get('code_challenge')) &&
    URL.canParse(redirectUri);
  if (!valid) return sendJson(res, 400, { error: 'invalid_request' });
  const code = randomBytes(16).toString('hex');
  h.grants.set(code, {
    challenge: q.get('code_challenge') ?? '',
    redirectUri,
    clientId: h.spec.client.id,
    profile: structuredClone(h.fake.profile),
  });
  const back = new URL(redirectUri);
  back.searchParams.set('code', code);
  if (q.get('state')) back.searchParams.set('state', q.get('state') ?? '');
  res.writeHead(302, { location: back.href }).end();
}

/** The token endpoint: client authentication, a one-time code and its PKCE verifier. */
function issueToken(h: Handlers, req: IncomingMessage, form: URLSearchParams, res: ServerResponse) {
  const client = clientCredentials(h.spec.clientAuth, req, form);
  const code = form.get('code') ?? '';
  const grant = h.grants.get(code);
  h.grants.delete(code);
  const verifier = form.get('code_verifier') ?? '';
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const valid =
    client.id === h.spec.client.id &&
    client.secret === h.spec.client.secret &&
    form.get('grant_type') === 'authorization_code' &&
    grant !== undefined &&
    grant.redirectUri === form.get('redirect_uri') &&
    grant.challenge === challenge;
  if (!valid) return sendJson(res, 400, { error: 'invalid_grant' });
  const accessToken = `at-${randomBytes(16).toString('hex')}`;
  h.tokens.set(accessToken, grant.profile);
  h.fake.issuedTokens.push(accessToken);
  return sendJson(res, 200, { access_token: accessToken, token_type: 'bearer', scope: 'x' });
}

function clientCredentials(kind: 'post' | 'basic', req: IncomingMessage, form: URLSearchParams) {
  if (kind === 'post') return { id: form.get('client_id'), secret: form.get('client_secret') };
  const basic = /^Basic (.+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? '';
  const [id = '', secret = ''] = Buffer.from(basic, 'base64').toString().split(':');
  return { id: decodeURIComponent(id), secret: decodeURIComponent(secret) };
}

export type GitHubProfile = {
  id: number;
  login: string;
  name: string | null;
  emails: { email: string; primary: boolean; verified: boolean }[];
};

/** GitHub: /login/oauth/authorize, /login/oauth/access_token, /user and /user/emails. */
export function startFakeGitHub(): Promise<FakeOAuthProvider<GitHubProfile>> {
  return startFakeProvider<GitHubProfile>(
    {
      client: CLIENT.github,
      authorizePath: '/login/oauth/authorize',
      tokenPath: '/login/oauth/access_token',
      clientAuth: 'post',
      resources: {
        '/user': (p: GitHubProfile) => ({ id: p.id, login: p.login, name: p.name }),
        '/user/emails': (p: GitHubProfile) => p.emails,
      },
    },
    { id: 1, login: 'octo', name: 'Octo', emails: [] },
  );
}

export type SpotifyProfile = {
  id: string;
  /** Spotify's stable id for linking; absent in answers from before Spotify documented it. */
  account_id?: string;
  email: string | null;
  display_name: string | null;
};

/** Spotify: /authorize, /api/token (HTTP Basic client auth) and /v1/me. */
export function startFakeSpotify(): Promise<FakeOAuthProvider<SpotifyProfile>> {
  return startFakeProvider<SpotifyProfile>(
    {
      client: CLIENT.spotify,
      authorizePath: '/authorize',
      tokenPath: '/api/token',
      clientAuth: 'basic',
      resources: { '/v1/me': (p: SpotifyProfile) => p },
    },
    { id: 'spotify-user', email: null, display_name: null },
  );
}

export type FakeProviders = {
  google: FakeGoogle;
  github: FakeOAuthProvider<GitHubProfile>;
  spotify: FakeOAuthProvider<SpotifyProfile>;
  /** The settings that point the app at these providers. */
  env: Record<string, string>;
  close: () => Promise<void>;
};

/** All three providers, and the app settings for them. */
export async function startFakeProviders(): Promise<FakeProviders> {
  const [google, github, spotify] = await Promise.all([
    startFakeGoogle(),
    startFakeGitHub(),
    startFakeSpotify(),
  ]);
  return {
    google,
    github,
    spotify,
    env: {
      GOOGLE_CLIENT_ID: CLIENT.google.id,
      GOOGLE_CLIENT_SECRET: CLIENT.google.secret,
      GOOGLE_ISSUER_URL: google.issuer,
      GITHUB_CLIENT_ID: CLIENT.github.id,
      GITHUB_CLIENT_SECRET: CLIENT.github.secret,
      GITHUB_OAUTH_URL: github.url,
      GITHUB_API_URL: github.url,
      SPOTIFY_CLIENT_ID: CLIENT.spotify.id,
      SPOTIFY_CLIENT_SECRET: CLIENT.spotify.secret,
      SPOTIFY_ACCOUNTS_URL: spotify.url,
      SPOTIFY_API_URL: spotify.url,
    },
    close: () => Promise.all([google.close(), github.close(), spotify.close()]).then(() => {}),
  };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve, reject) =>
    server.close((error) => (error ? reject(error) : resolve())),
  );
}
