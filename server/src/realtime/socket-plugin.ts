import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import {
  REALTIME_ERROR_CODES,
  REALTIME_PATH,
  type ClientToServerEvents,
  type ServerToClientEvents,
  type TokenRefreshResult,
} from '@music-rooms/domain';
import type { Caller } from '../functions/define';
import { LiveQueries, type LiveQueryClient } from './live-queries';
import { servePresence } from './presence-events';

type SocketData = {
  caller: Caller;
  connectionId: string;
  expiresAt: number;
};

type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, object, SocketData>;
export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, object, SocketData>;

/**
 * Socket.IO on the app's own HTTP server: a connection opens with a realtime token, then carries
 * live queries and clock pings. With Redis, the adapter lets every node reach every socket.
 */
export const realtimePlugin = fp(
  async (app) => {
    const io: RealtimeServer = new Server(app.server, {
      path: REALTIME_PATH,
      serveClient: false,
      ...(app.socketAdapter ? { adapter: app.socketAdapter } : {}),
    });
    const liveQueries = new LiveQueries(app.functions, app.log);
    const stopListening = app.topics.onTopics((topics) => liveQueries.invalidate(topics));
    io.use((socket, next) => next(authenticate(app, socket)));
    io.on('connection', (socket) => serveConnection(app, liveQueries, socket));
    app.decorate('io', io);
    // Open sockets would keep the HTTP server from closing: end them first.
    app.addHook('preClose', async () => {
      io.local.disconnectSockets(true);
      io.engine.close();
    });
    app.addHook('onClose', async () => {
      stopListening();
      liveQueries.close();
      await io.close();
    });
  },
  { name: 'realtime', dependencies: ['functions', 'pubsub', 'realtime-tokens', 'room-runtime'] },
);

/**
 * Admits a handshake that carries a valid, unexpired token; the error's data names the reason.
 * Browsers let any site open a WebSocket, but only our own pages can read a token: that is
 * what keeps another site from connecting as the user.
 */
function authenticate(app: FastifyInstance, socket: RealtimeSocket): Error | undefined {
  const token: unknown = socket.handshake.auth?.token;
  if (typeof token !== 'string' || token === '') {
    return refusal(REALTIME_ERROR_CODES.missingToken, 'A realtime token is required');
  }
  const check = app.realtimeTokens.verify(token);
  if (!check.ok) return refusal(check.code, 'Invalid or expired realtime token');
  const { userId, sessionId, connectionId, expiresAt } = check.claims;
  const caller = { userId, sessionId, viaAdminKey: false, address: clientAddress(app, socket) };
  socket.data = { caller, connectionId, expiresAt };
  return undefined;
}

/** The client's address, read from the proxy's header when TRUST_PROXY says to trust it. */
function clientAddress(app: FastifyInstance, socket: RealtimeSocket): string {
  const forwarded = socket.handshake.headers['x-forwarded-for'];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
  return app.config.trustProxy && first ? first : socket.handshake.address;
}

function refusal(code: string, message: string): Error {
  return Object.assign(new Error(message), { data: { code } });
}

function serveConnection(app: FastifyInstance, liveQueries: LiveQueries, socket: RealtimeSocket) {
  const client: LiveQueryClient = {
    caller: () => socket.data.caller,
    sendValue: (id, value) => socket.emit('query:value', { id, value }),
    sendError: (id, errorMessage, errorData) =>
      socket.emit('query:error', { id, errorMessage, errorData }),
  };
  const expiry = expiryTimer(socket);
  socket.on('subscribe', (request) => liveQueries.subscribe(client, request));
  socket.on('unsubscribe', (request, ack) => {
    liveQueries.unsubscribe(client, request?.id);
    if (typeof ack === 'function') ack();
  });
  servePresence(app, socket);
  socket.on('clock:ping', (ack) => {
    if (typeof ack === 'function') ack(Date.now());
  });
  socket.on('auth:refresh', (request, ack) => {
    const result = refreshToken(app, socket, request?.token);
    if (result.ok) expiry.reset();
    if (typeof ack === 'function') ack(result);
  });
  socket.on('disconnect', () => {
    expiry.clear();
    liveQueries.dropClient(client);
  });
}

/** A refreshed token must name the same caller: a different one needs a new connection. */
function refreshToken(
  app: FastifyInstance,
  socket: RealtimeSocket,
  token: unknown,
): TokenRefreshResult {
  const check = app.realtimeTokens.verify(token);
  if (!check.ok)
    return { ok: false, code: check.code, errorMessage: 'Invalid or expired realtime token' };
  const { caller } = socket.data;
  if (check.claims.userId !== caller.userId || check.claims.sessionId !== caller.sessionId) {
    return { ok: false, code: 'caller_changed', errorMessage: 'The token names another caller' };
  }
  socket.data.expiresAt = check.claims.expiresAt;
  return { ok: true, expiresAt: check.claims.expiresAt };
}

/**
 * Ends the connection when its token expires unless a fresh one came in time, so that a caller
 * whose access ended (signed out, removed) stops hearing updates within one token lifetime.
 */
function expiryTimer(socket: RealtimeSocket) {
  let timer: NodeJS.Timeout | null = null;
  const clear = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  const reset = () => {
    clear();
    const remaining = Math.max(0, socket.data.expiresAt - Date.now());
    timer = setTimeout(() => socket.disconnect(true), remaining);
    timer.unref();
  };
  reset();
  return { reset, clear };
}

declare module 'fastify' {
  interface FastifyInstance {
    io: RealtimeServer;
  }
}
