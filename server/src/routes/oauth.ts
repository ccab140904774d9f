import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ACCOUNT_ROUTES, TOPICS, type OAuthProvider, type UserId } from '@music-rooms/domain';
import {
  AUTH_ERRORS,
  AUTH_SUCCESS,
  type SessionType,
  type UnlinkResponse,
} from '@music-rooms/domain/auth';
import { ensureAppSetting } from '../db/app-settings';
import { notFound } from '../errors';
import { toSessionUser } from '../services/accounts/users-store';
import {
  linkProviderAccount,
  resolveSignInAccount,
  unlinkProviderAccount,
} from '../services/accounts/oauth/accounts';
import { describeFailure } from '../services/accounts/oauth/code-flow';
import {
  beginFlow,
  completeFlow,
  failureKeyFor,
  type FlowMode,
} from '../services/accounts/oauth/flow';
import {
  callbackPath,
  FLOW_TTL_MS,
  flowCookieName,
  openFlow,
  sealFlow,
  type FlowState,
} from '../services/accounts/oauth/flow-cookie';
import { configuredProviders } from '../services/accounts/oauth/providers';
import {
  oauthFailure,
  oauthFailureKey,
  type OAuthProviderClient,
} from '../services/accounts/oauth/types';
import { serveAccountRoute } from './account-route';
import { answerFailureAs, requireSession } from './auth-common';
import { popupScriptRoute, safeReturnTo, sendOutcome } from './oauth-result';

/** Name of the app_settings row that holds the key sealing flow cookies (shared by all nodes). */
const FLOW_KEY_SETTING = 'oauth_flow_key';

type ProviderRequest = { Params: { provider: string } };
type StartRequest = ProviderRequest & { Querystring: { popup?: string; returnTo?: string } };

const params = {
  type: 'object',
  required: ['provider'],
  properties: { provider: { type: 'string' } },
} as const;
const startSchema = {
  params,
  querystring: {
    type: 'object',
    properties: { popup: { type: 'string' }, returnTo: { type: 'string' } },
  },
} as const;
const unlinkAnswerJson = {
  type: 'object',
  required: ['success', 'message'],
  properties: { success: { type: 'boolean' }, message: { type: 'string' } },
} as const;

type Context = { app: FastifyInstance; key: Buffer; providers: Map<string, OAuthProviderClient> };

/**
 * Sign-in and linking with Google, GitHub and Spotify (spec §4, §7), and unlinking (§5).
 * Only configured providers have routes that answer; the others are 404.
 */
export async function oauthRoutes(app: FastifyInstance) {
  const stored = await ensureAppSetting(
    app.database.db,
    FLOW_KEY_SETTING,
    randomBytes(32).toString('base64url'),
  );
  const ctx: Context = {
    app,
    key: Buffer.from(stored, 'base64url'),
    providers: configuredProviders(app.config),
  };
  await app.register(popupScriptRoute);

  // GET /auth/{provider}: starts signing in with the provider.
  app.get<StartRequest>('/auth/:provider', { schema: startSchema }, async (request, reply) => {
    const provider = configured(ctx, request.params.provider);
    return startFlow(ctx, request, reply, provider, { mode: 'signIn', userId: null });
  });

  // GET /api/auth/link-{provider}: starts linking the provider to the signed-in user.
  app.get<StartRequest>('/api/auth/link-:provider', { schema: startSchema }, (request, reply) =>
    startLink(ctx, request, reply),
  );

  // GET /auth/{provider}/callback: where the provider sends the browser back, in either mode.
  // Its query holds the authorization code, so the access log (info) skips this route.
  app.get<ProviderRequest>(
    '/auth/:provider/callback',
    { schema: { params }, logLevel: 'warn' },
    (request, reply) => finishFlow(ctx, request, reply),
  );

  // POST /api/auth/unlink-{provider}: removes the provider when another way to sign in remains.
  serveAccountRoute(
    app,
    ACCOUNT_ROUTES.unlinkProvider,
    { response: { 200: unlinkAnswerJson } },
    (request, reply) => unlink(ctx, request, reply),
  );
}

/** Link needs a signed-in user; a guest is sent to sign in first (auth.errors.notSignedIn). */
async function startLink(ctx: Context, request: FastifyRequest<StartRequest>, reply: FastifyReply) {
  const provider = configured(ctx, request.params.provider);
  const current = await ctx.app.currentSession(request);
  if (current) {
    return startFlow(ctx, request, reply, provider, { mode: 'link', userId: current.user.id });
  }
  return sendOutcome(ctx.app, reply, {
    provider: provider.id,
    mode: 'link',
    popup: isPopup(request.query.popup),
    returnTo: null,
    ok: false,
    error: AUTH_ERRORS.notSignedIn,
  });
}

const UNLINK_FAILED = { code: 'oauth_unlink_failed', key: AUTH_ERRORS.oauthUnlinkFailed } as const;

/** Unlinks for the signed-in user; the rule itself is checked in the same update (spec §5). */
async function unlink(ctx: Context, request: FastifyRequest<ProviderRequest>, reply: FastifyReply) {
  const { app } = ctx;
  const provider = configured(ctx, request.params.provider);
  return answerFailureAs(request, reply, UNLINK_FAILED, async () => {
    const current = await requireSession(app, request);
    const user = await unlinkProviderAccount(app.database.db, current.user.id, provider.id);
    await app.topics.publish([TOPICS.user(user.id)]);
    return { success: true, message: AUTH_SUCCESS.unlinked } satisfies UnlinkResponse;
  });
}

/** The provider named in the path; one without a client id does not exist here (404). */
function configured(ctx: Context, name: string): OAuthProviderClient {
  const provider = ctx.providers.get(name);
  if (!provider) throw notFound();
  return provider;
}

const isPopup = (value: string | undefined) => value === '1' || value === 'true';

const redirectUri = (app: FastifyInstance, provider: OAuthProvider) =>
  `${app.config.publicUrl}${callbackPath(provider)}`;

const cookieOptions = (app: FastifyInstance, request: FastifyRequest, provider: OAuthProvider) => ({
  path: callbackPath(provider),
  httpOnly: true,
  // Lax: the provider brings the browser back with a top-level GET, which carries it.
  sameSite: 'lax' as const,
  secure: request.protocol === 'https' || app.config.publicUrl.startsWith('https://'),
});

/** Keeps the flow in its cookie and sends the browser to the provider's consent page. */
async function startFlow(
  ctx: Context,
  request: FastifyRequest<StartRequest>,
  reply: FastifyReply,
  provider: OAuthProviderClient,
  who: { mode: FlowMode; userId: UserId | null },
) {
  const { app } = ctx;
  const popup = isPopup(request.query.popup);
  const returnTo = safeReturnTo(request.query.returnTo, app.config.publicUrl);
  try {
    const { url, flow } = await beginFlow(provider, {
      ...who,
      popup,
      returnTo,
      redirectUri: redirectUri(app, provider.id),
    });
    reply.setCookie(flowCookieName(provider.id), sealFlow(flow, ctx.key), {
      ...cookieOptions(app, request, provider.id),
      maxAge: FLOW_TTL_MS / 1000,
    });
    return reply.header('cache-control', 'no-store').redirect(url.href, 302);
  } catch (error) {
    request.log.warn(
      { provider: provider.id, reason: describeFailure(error) },
      'oauth start failed',
    );
    const key = oauthFailureKey(error) ?? failureKeyFor(who.mode);
    const base = { provider: provider.id, mode: who.mode, popup, returnTo };
    return sendOutcome(app, reply, { ...base, ok: false, error: key });
  }
}

/** Reads and spends the flow cookie, then signs in or links; any failure is reported, not thrown. */
async function finishFlow(
  ctx: Context,
  request: FastifyRequest<ProviderRequest>,
  reply: FastifyReply,
) {
  const { app } = ctx;
  const provider = configured(ctx, request.params.provider);
  const cookie = request.cookies[flowCookieName(provider.id)];
  reply.clearCookie(flowCookieName(provider.id), cookieOptions(app, request, provider.id));
  const flow = openFlow(cookie, provider.id, ctx.key);
  const base = flow
    ? { provider: provider.id, mode: flow.mode, popup: flow.popup, returnTo: flow.returnTo }
    : { provider: provider.id, mode: 'signIn' as const, popup: false, returnTo: null };
  try {
    if (!flow) throw oauthFailure(AUTH_ERRORS.oauthAuthFailed, 'no valid flow cookie');
    const result = await (flow.mode === 'signIn'
      ? signInWith(ctx, request, reply, provider, flow)
      : linkWith(ctx, request, provider, flow));
    return sendOutcome(app, reply, { ...base, ok: true, ...result });
  } catch (error) {
    const known = oauthFailureKey(error);
    const log = { provider: provider.id, mode: base.mode, reason: describeFailure(error) };
    if (known) request.log.warn(log, 'oauth flow failed');
    else request.log.error(log, 'oauth flow failed');
    const key = known ?? failureKeyFor(base.mode);
    return sendOutcome(app, reply, { ...base, ok: false, error: key });
  }
}

/** Sign-in mode: the provider's account, or a new one, gets a fresh session of that type. */
async function signInWith(
  ctx: Context,
  request: FastifyRequest,
  reply: FastifyReply,
  provider: OAuthProviderClient,
  flow: FlowState,
) {
  const { app } = ctx;
  const profile = await completeFlow(
    provider,
    flow,
    callbackUrl(request, app),
    redirectUri(app, provider.id),
  );
  const { user } = await resolveSignInAccount(app.database.db, profile);
  // Whoever was signed in in this browser before is signed out, not left behind.
  await app.signOut(request, reply);
  await app.signIn(request, reply, user, provider.id);
  return {
    success: AUTH_SUCCESS.signedIn,
    user: toSessionUser(user, provider.id, app.config.superAdminEmails),
  };
}

/** Link mode: only the user who started the flow, still signed in, may finish it. */
async function linkWith(
  ctx: Context,
  request: FastifyRequest,
  provider: OAuthProviderClient,
  flow: FlowState,
) {
  const { app } = ctx;
  const current = await app.currentSession(request);
  if (!current || current.user.id !== flow.userId) {
    throw oauthFailure(AUTH_ERRORS.oauthLinkFailed, 'the flow belongs to another session user');
  }
  const profile = await completeFlow(
    provider,
    flow,
    callbackUrl(request, app),
    redirectUri(app, provider.id),
  );
  const user = await linkProviderAccount(app.database.db, current.user.id, profile);
  await app.topics.publish([TOPICS.user(user.id)]);
  const type = current.session.type as SessionType;
  return {
    success: AUTH_SUCCESS.linked,
    user: toSessionUser(user, type, app.config.superAdminEmails),
  };
}

function callbackUrl(request: FastifyRequest, app: FastifyInstance): URL {
  return new URL(request.url, app.config.publicUrl);
}
