import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { matchAppRoute } from '@music-rooms/domain';
import { acceptedLanguages, detectLanguage } from '@music-rooms/domain/language';
import { PAGE_PRELOADS_FILE, type PagePreloads } from '@music-rooms/domain/page-preloads';
import { notFound } from '../errors';
import { clientError } from '../plugins/error-handler';
import { readJsonFile, readWebShell } from '../storage/web-build';
import { answerEncoding } from './answer-bytes';
import { firstReadsElement, pageClockElement, roomFirstReads } from './first-reads';
import { twoPartPage } from './page-stream';
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
  const shell = shells.forPage(route.kind === 'app' ? route.page : null, language);
  reply
    .status(found ? 200 : 404)
    .header('vary', 'cookie, accept-language')
    .type('text/html; charset=utf-8');
  const roomUrl = route.kind === 'app' && route.page === 'room' ? roomUrlOf(route.path) : null;
  if (roomUrl === null) return reply.header('cache-control', 'no-cache').send(shell);
  return sendRoomPage(request, reply, shell, roomUrl);
}

/**
 * A room page, with its viewer's first reads last in its body (first-reads.ts). Everything
 * before them goes at once, with the server's clock as it went (a clock probe for the player);
 * it carries what only this viewer may read, so no shared cache keeps it. Compressed here (the
 * compression plugin would hold the first part back until the last).
 */
function sendRoomPage(
  request: FastifyRequest,
  reply: FastifyReply,
  shell: string,
  roomUrl: string,
) {
  const end = shell.lastIndexOf('</body>');
  const [head, tail] = end === -1 ? [shell, ''] : [shell.slice(0, end), shell.slice(end)];
  const rest = () =>
    roomFirstReads(request.server, request, roomUrl).then(
      (found) => firstReadsElement(found) + tail,
    );
  const encoding = answerEncoding(request);
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  reply
    .header('cache-control', 'private, no-cache')
    .header('vary', 'cookie, accept-language, accept-encoding');
  return reply.send(twoPartPage(encoding, head + pageClockElement(request.arrivedAt), rest));
}

/** The room address of a room page's path, as the page reads it; null when it is no valid escape. */
function roomUrlOf(pagePath: string): string | null {
  try {
    return decodeURIComponent(pagePath.slice(ROOM_PATH.length));
  } catch {
    return null;
  }
}

const ROOM_PATH = '/room/';

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether the request comes from a super administrator (the session plugin decides). */
    isSuperAdmin: (request: FastifyRequest) => Promise<boolean>;
  }
}
