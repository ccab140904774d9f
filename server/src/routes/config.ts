import type { FastifyInstance } from 'fastify';
import { COMING_PARTS, OAUTH_PROVIDERS, type PublicConfig } from '@music-rooms/domain';

/** GET /api/config: the settings the web app needs at run time. */
export async function configRoutes(app: FastifyInstance) {
  app.get('/api/config', async (_request, reply) => {
    const { config } = app;
    reply.header('cache-control', 'no-cache');
    return {
      devMode: config.publicDevMode,
      oauthProviders: OAUTH_PROVIDERS.filter(
        (provider) => config.oauth[provider].clientId !== null,
      ),
      buildId: app.build.id,
      maxAudioFileSize: config.maxAudioFileSize,
      coming: [...COMING_PARTS],
    } satisfies PublicConfig;
  });
}
