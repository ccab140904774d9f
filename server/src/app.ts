import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import helmet from '@fastify/helmet';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import type { Config } from './config';
import { loggerOptions, OneLinePerRequest } from './logger';
import { contentSecurityPolicy } from './plugins/security';
import { storageOrigin } from './storage';
import { databasePlugin } from './plugins/database';
import { buildInfoPlugin } from './plugins/build-info';
import { requestArrivalPlugin } from './plugins/request-arrival';
import { errorHandlerPlugin } from './plugins/error-handler';
import { inputGuardPlugin } from './plugins/input-guard';
import { backgroundWorkPlugin } from './plugins/background-work';
import { healthRoutes } from './routes/health';
import { configRoutes } from './routes/config';
import { buildRoutes } from './routes/builds';
import { webAppRoutes } from './routes/web-app';
import { realtimeTokensPlugin } from './realtime/token-plugin';
import { callerPlugin } from './functions/caller';
import { sessionPlugin } from './plugins/session';
import { pubsubPlugin } from './realtime/pubsub-plugin';
import { sessionRevocationsPlugin } from './realtime/session-revocations';
import { functionsPlugin } from './functions/plugin';
import { roomRuntimePlugin } from './plugins/room-runtime';
import { devToolsRuntimePlugin } from './plugins/dev-tools-runtime';
import { jobsRuntimePlugin } from './plugins/jobs-runtime';
import { tracksRuntimePlugin } from './plugins/tracks-runtime';
import { playerRuntimePlugin } from './plugins/player-runtime';
import { yandexMusicRuntimePlugin } from './plugins/yandex-music-runtime';
import type { FunctionDefinition } from './functions/define';
import { realtimePlugin } from './realtime/socket-plugin';
import { functionRoutes } from './routes/functions';
import { debugEventRoutes } from './routes/debug-event';
import { realtimeTokenRoutes } from './routes/realtime-token';
import { authRoutes } from './routes/auth';
import { authPasswordRoutes } from './routes/auth-password';
import { authResetRoutes } from './routes/auth-reset';
import { accountRoutes } from './routes/account';
import { rateLimitStorage } from './services/accounts/rate-limits';
import { checkRedisReachable } from './db/redis-client';
import { oauthRoutes } from './routes/oauth';
import { uploadRoutes } from './routes/uploads';
import { mediaRoutes } from './routes/media';
import { devMediaRoutes } from './routes/dev-media';
import { devStorageRoutes } from './routes/dev-storage';

export type BuildAppOptions = {
  /** Pino logger settings; false silences the log (tests). */
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read what the server logged). */
  logStream?: { write: (line: string) => void };
  /** Backend functions added to the app's own (tests declare functions of their own). */
  functions?: readonly FunctionDefinition[];
  /** Hears every route as it is added (tests list the routes to call them all). */
  onRoute?: (route: RouteOptions) => void;
};

/**
 * Assembles the server: outside plugins first, then the app's own (database, realtime),
 * then routes, with the web app last because it answers every path nothing else claims.
 */
export async function buildApp(
  config: Config,
  options: BuildAppOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(config.logLevel, options.logStream),
    logController: new OneLinePerRequest(),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Fastify's 10 s default is too short for PGlite to open under parallel test load.
    pluginTimeout: 120_000,
  });
  app.decorate('config', config);
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  await app.register(requestArrivalPlugin);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: contentSecurityPolicy(config.publicUrl, await storageOrigin(config)),
    },
    // OAuth sign-in opens the provider in a popup that reports back to this window.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
  await app.register(compress, { threshold: 1024 });
  await app.register(cookie);
  // Before any Redis client is opened, so an unreachable Redis is one line and no retries.
  if (config.redisUrl) await checkRedisReachable(config.redisUrl);
  // Rate-limit counters live in Redis when there is one, so limits hold across nodes.
  const rateLimitStore = rateLimitStorage(config, app.log);
  app.addHook('onClose', rateLimitStore.close);
  await app.register(rateLimit, { global: false, ...rateLimitStore.options });

  await app.register(errorHandlerPlugin);
  await app.register(inputGuardPlugin);
  await app.register(databasePlugin);
  await app.register(backgroundWorkPlugin);
  await app.register(buildInfoPlugin);
  await app.register(pubsubPlugin);
  await app.register(sessionRevocationsPlugin);
  await app.register(realtimeTokensPlugin);
  await app.register(callerPlugin);
  await app.register(sessionPlugin);
  await app.register(roomRuntimePlugin);
  await app.register(jobsRuntimePlugin);
  await app.register(tracksRuntimePlugin);
  await app.register(playerRuntimePlugin);
  await app.register(yandexMusicRuntimePlugin);
  await app.register(devToolsRuntimePlugin);
  await app.register(functionsPlugin, { extra: options.functions ?? [] });
  await app.register(realtimePlugin);

  await app.register(healthRoutes);
  await app.register(configRoutes);
  await app.register(buildRoutes);
  await app.register(functionRoutes);
  await app.register(debugEventRoutes);
  await app.register(realtimeTokenRoutes);
  await app.register(authRoutes);
  await app.register(authResetRoutes);
  await app.register(authPasswordRoutes);
  await app.register(accountRoutes);
  await app.register(oauthRoutes);
  await app.register(uploadRoutes);
  await app.register(mediaRoutes);
  await app.register(devStorageRoutes);
  await app.register(devMediaRoutes);
  await app.register(webAppRoutes);
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
  }
}
