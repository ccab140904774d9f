import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { matchAppRoute } from '@music-rooms/domain';
import { acceptedLanguages, detectLanguage } from '@music-rooms/domain/language';
import { PAGE_PRELOADS_FILE, type PagePreloads } from '@music-rooms/domain/page-preloads';
import { notFound } from '../errors';
import { clientError } from '../plugins/error-handler';
import { readJsonFile, readWebShell } from '../storage/web-build';
import { pageShells, type PageShells } from './page-shell';

/**
 * Serves the built web app. Hashed assets are cached for a year; every page path gets the app
 * shell, with status 404 for paths the app does not know so that the client shows "Page not found".
 */
export async function webAppRoutes(app: FastifyInstance) {
  const root = app.config.webDist;
  const shell = readWebShell(root);
  const shells =
    shell === null
      ? null
      : pageShells(shell, readJsonFile<PagePreloads>(path.join(root, PAGE_PRELOADS_FILE)));
  if (shells !== null) {
    await app.register(fastifyStatic, {
      root,
      index: false,
      wildcard: true,
      // The build writes each script and style compressed beside it (web/vite/compressed-assets.ts).
      preCompressed: true,
      setHeaders: (res, file) => {
        const immutable = file.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    // The static handler answers "/" as a directory; the home page is the app shell.
    app.get('/', (request, reply) => sendShell(request, reply, shells));
  }

  app.setNotFoundHandler(async (request, reply) => {
    if (!wantsPage(request)) {
      return reply.status(404).send(clientError(404, notFound()));
    }
    if (shells === null) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app is not built yet: run `npm run build`, or use `npm start`.');
    }
    return sendShell(request, reply, shells);
  });
}

function wantsPage(request: FastifyRequest): boolean {
  const url = request.url.split('?')[0] ?? '/';
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (url.startsWith('/api/') || url.startsWith('/builds/') || url.startsWith('/assets/'))
    return false;
  return path.extname(url) === '';
}

async function sendShell(request: FastifyRequest, reply: FastifyReply, shells: PageShells) {
  const pathname = request.url.split('?')[0] ?? '/';
  const route = matchAppRoute(pathname);
  // Developer pages are for super administrators; to everyone else they do not exist.
  const superAdmin = await request.server.isSuperAdmin(request);
  const found = route.kind === 'app' || (route.kind === 'dev' && superAdmin);
  // The language the page will pick (web/src/main.tsx), so that its messages come with the rest.
  const { language } = detectLanguage({
    pathname,
    cookies: request.headers.cookie ?? '',
    preferred: acceptedLanguages(request.headers['accept-language']),
  });
  return reply
    .status(found ? 200 : 404)
    .header('cache-control', 'no-cache')
    .header('vary', 'cookie, accept-language')
    .type('text/html; charset=utf-8')
    .send(shells.forPage(route.kind === 'app' ? route.page : null, language));
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether the request comes from a super administrator (the session plugin decides). */
    isSuperAdmin: (request: FastifyRequest) => Promise<boolean>;
  }
}
