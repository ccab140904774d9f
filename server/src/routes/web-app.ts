import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { matchAppRoute } from '@music-rooms/domain';
import { notFound } from '../errors';
import { clientError } from '../plugins/error-handler';
import { readWebShell } from '../storage/web-build';

/**
 * Serves the built web app. Hashed assets are cached for a year; every page path gets the app
 * shell, with status 404 for paths the app does not know so that the client shows "Page not found".
 */
export async function webAppRoutes(app: FastifyInstance) {
  const root = app.config.webDist;
  const shell = readWebShell(root);
  if (shell !== null) {
    await app.register(fastifyStatic, {
      root,
      index: false,
      wildcard: true,
      setHeaders: (res, file) => {
        const immutable = file.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    // The static handler answers "/" as a directory; the home page is the app shell.
    app.get('/', (request, reply) => sendShell(request, reply, shell));
  }

  app.setNotFoundHandler(async (request, reply) => {
    if (!wantsPage(request)) {
      return reply.status(404).send(clientError(404, notFound()));
    }
    if (shell === null) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app is not built yet: run `npm run build`, or use `npm start`.');
    }
    return sendShell(request, reply, shell);
  });
}

function wantsPage(request: FastifyRequest): boolean {
  const url = request.url.split('?')[0] ?? '/';
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (url.startsWith('/api/') || url.startsWith('/builds/') || url.startsWith('/assets/'))
    return false;
  return path.extname(url) === '';
}

async function sendShell(request: FastifyRequest, reply: FastifyReply, shell: string) {
  const route = matchAppRoute(request.url.split('?')[0] ?? '/');
  // Developer pages are for super administrators; to everyone else they do not exist.
  const superAdmin = await request.server.isSuperAdmin(request);
  const found = route.kind === 'app' || (route.kind === 'dev' && superAdmin);
  return reply
    .status(found ? 200 : 404)
    .header('cache-control', 'no-cache')
    .type('text/html; charset=utf-8')
    .send(shell);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether the request comes from a super administrator (the session plugin decides). */
    isSuperAdmin: (request: FastifyRequest) => Promise<boolean>;
  }
}
