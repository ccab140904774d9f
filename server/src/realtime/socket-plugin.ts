import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import {
  PLATFORM_ERROR_CODES,
  REALTIME_ERROR_CODES,
  REALTIME_PATH,
  activityRoomOf,
  personalRoomOf,
  soundRoomOf,
  type ClientToServerEvents,
  type RealtimeErrorCode,
  type ServerToClientEvents,
  type TokenRefreshResult,
} from '@music-rooms/domain';
import type { Caller } from '../functions/define';
import { serverNow } from '../services/server-clock';
import { LiveQueries, type LiveQueryClient } from './live-queries';
import { servePresence } from './presence-events';
import { depthCheckedParser } from './socket-parser';

type SocketData = {
  caller: Caller;
  /** The browser's own id (kept in its localStorage), so its tabs count once in presence. */
  browserId: string | null;
  connectionId: string;
  /** When the token expires unless a fresh one comes. */
  expiresAt: number;
  /** When the caller's sign-in session expires (null for a guest). */
  sessionEndsAt: number | null;
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
      parser: depthCheckedParser,
      ...(app.socketAdapter ? { adapter: app.socketAdapter } : {}),
    });
    serverNow(); // calibrates the clock now, not in the first client's probe
    // This node's connections only: every node runs the live queries of its own connections.
    const liveQueries = new LiveQueries(app.functions, app.log, (channel, value) =>
      io.local.to(channelRoom(channel)).emit('query:shared', { channel, value }),
    );
    const stopListening = app.topics.onTopics((topics) => liveQueries.invalidate(topics));
    // A session ended (announced on any node): its connections here end now, live queries too.
    const stopEnding = app.sessionRevocations.onEnded((sessionIds) => {
      for (const id of sessionIds) {
        const sockets = io.local.in(sessionRoom(id));
        sockets.emit('connection:ended', { code: REALTIME_ERROR_CODES.sessionEnded });
        sockets.disconnectSockets(true);
      }
    });
    io.use((socket, next) => {
      authenticate(app, socket).then(next, (err: unknown) => {
        app.log.error({ err }, 'realtime handshake failed');
        next(refusal(PLATFORM_ERROR_CODES.internal, 'Internal Server Error'));
      });
    });
    io.on('connection', (socket) => serveConnection(app, liveQueries, socket));
    // Through the adapter: with Redis, the members' pages on every node hear it.
    app.roomRuntime.activity.deliverThrough((activity) =>
      io.to(activityRoomOf(activity.roomId)).emit('room:activity', activity),
    );
    app.roomRuntime.roomSounds.deliverThrough({
      toRoom: (sound) => io.to(soundRoomOf(sound.roomId)).emit('player:sound', sound),
      toSockets: (socketIds, sound) => io.to([...socketIds]).emit('player:sound', sound),
    });
    app.roomRuntime.accessRequests.deliverThrough((userIds, news) =>
      io.to(userIds.map(personalRoomOf)).emit('rooms:accessRequested', news),
    );
    app.decorate('io', io);
    // Open sockets would keep the HTTP server from closing: end them first.
    app.addHook('preClose', async () => {
      io.local.disconnectSockets(true);
      io.engine.close();
    });
    app.addHook('onClose', async () => {
      stopEnding();
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
async function authenticate(
  app: FastifyInstance,
  socket: RealtimeSocket,
): Promise<Error | undefined> {
  const token: unknown = socket.handshake.auth?.token;
  if (typeof token !== 'string' || token === '') {
    return refusal(REALTIME_ERROR_CODES.missingToken, 'A realtime token is required');
  }
  const check = await app.realtimeTokens.verify(token);
  if (!check.ok) return refusal(check.code, 'Invalid or expired realtime token');
  const { userId, sessionId, connectionId, expiresAt } = check.claims;
  const caller = { userId, sessionId, viaAdminKey: false, address: clientAddress(app, socket) };
  const browserId = browserIdOf(socket.handshake.auth?.browserId);
  socket.data = { caller, browserId, connectionId, expiresAt, sessionEndsAt: check.sessionEndsAt };
  return undefined;
}

const BROWSER_ID = /^[A-Za-z0-9_-]{8,64}$/;

/** A browser id as the handshake carries it; anything else (or none) is no browser id. */
function browserIdOf(value: unknown): string | null {
  return typeof value === 'string' && BROWSER_ID.test(value) ? value : null;
}

/** The Socket.IO room of a sign-in session's connections on this node. */
const sessionRoom = (sessionId: string) => `session:${sessionId}`;

/** The Socket.IO room of the connections whose live queries follow a channel. */
const channelRoom = (channel: string) => `live:${channel}`;

/** Tells the client why, then ends the connection; the client connects again with a new token. */
function endConnection(socket: RealtimeSocket, code: RealtimeErrorCode): void {
  socket.emit('connection:ended', { code });
  socket.disconnect(true);
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
    sendValue: (id, value, channel) =>
      socket.emit('query:value', channel === undefined ? { id, value } : { id, value, channel }),
    sendError: (id, errorMessage, errorData) =>
      socket.emit('query:error', { id, errorMessage, errorData }),
    joinChannel: (channel) => void socket.join(channelRoom(channel)),
    leaveChannel: (channel) => void socket.leave(channelRoom(channel)),
  };
  const { sessionId, userId } = socket.data.caller;
  // What is meant for this user alone (a request to join a room they manage) reaches every tab.
  if (userId !== null) void socket.join(personalRoomOf(userId));
  if (sessionId !== null) {
    void socket.join(sessionRoom(sessionId));
    // Ended while the handshake was being checked: the announcement found no socket to close.
    if (app.sessionRevocations.hasEnded(sessionId)) {
      return endConnection(socket, REALTIME_ERROR_CODES.sessionEnded);
    }
  }
  const expiry = expiryTimer(socket);
  socket.on('subscribe', (request) => liveQueries.subscribe(client, request));
  socket.on('unsubscribe', (request, ack) => {
    liveQueries.unsubscribe(client, request?.id);
    if (typeof ack === 'function') ack();
  });
  servePresence(app, socket);
  socket.on('clock:ping', (ack) => {
    if (typeof ack === 'function') ack(serverNow());
  });
  socket.on('auth:refresh', (request, ack) => {
    const answer = (result: TokenRefreshResult) => {
      if (typeof ack === 'function') ack(result);
    };
    refreshToken(app, socket, request?.token).then(
      (result) => {
        if (result.ok) expiry.reset();
        answer(result);
        if (!result.ok && result.code === REALTIME_ERROR_CODES.sessionEnded) {
          endConnection(socket, result.code);
        }
      },
      (err: unknown) => {
        app.log.error({ err }, 'realtime token refresh failed');
        answer({
          ok: false,
          code: PLATFORM_ERROR_CODES.internal,
          errorMessage: 'Internal Server Error',
        });
      },
    );
  });
  socket.on('disconnect', () => {
    expiry.clear();
    liveQueries.dropClient(client);
  });
}

/**
 * A refreshed token must name the same caller (a different one needs a new connection) and,
 * for a signed-in caller, a session that is still live.
 */
async function refreshToken(
  app: FastifyInstance,
  socket: RealtimeSocket,
  token: unknown,
): Promise<TokenRefreshResult> {
  const check = await app.realtimeTokens.verify(token);
  if (!check.ok)
    return { ok: false, code: check.code, errorMessage: 'Invalid or expired realtime token' };
  const { caller } = socket.data;
  if (check.claims.userId !== caller.userId || check.claims.sessionId !== caller.sessionId) {
    return { ok: false, code: 'caller_changed', errorMessage: 'The token names another caller' };
  }
  socket.data.expiresAt = check.claims.expiresAt;
  socket.data.sessionEndsAt = check.sessionEndsAt;
  return { ok: true, expiresAt: check.claims.expiresAt };
}

/**
 * Ends the connection when its token expires unless a fresh one came in time, or when the
 * caller's session expires, whichever comes first. Sessions that end otherwise (signed out,
 * password changed or reset) are announced and end their connections at once.
 */
function expiryTimer(socket: RealtimeSocket) {
  let timer: NodeJS.Timeout | null = null;
  const clear = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  const reset = () => {
    clear();
    const { expiresAt, sessionEndsAt } = socket.data;
    const sessionFirst = sessionEndsAt !== null && sessionEndsAt < expiresAt;
    const code = sessionFirst
      ? REALTIME_ERROR_CODES.sessionEnded
      : REALTIME_ERROR_CODES.tokenExpired;
    const remaining = Math.max(0, (sessionFirst ? sessionEndsAt : expiresAt) - Date.now());
    timer = setTimeout(() => endConnection(socket, code), remaining);
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
