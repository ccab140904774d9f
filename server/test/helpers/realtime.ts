import { io, type Socket } from 'socket.io-client';
import type {
  ClientToServerEvents,
  QueryErrorMessage,
  QueryValueMessage,
  RealtimeToken,
  ServerToClientEvents,
} from '@music-rooms/domain';
import { ChannelFollowers, REALTIME_PATH, REALTIME_TOKEN_PATH } from '@music-rooms/domain';
import { createSession } from '../../src/services/accounts/sessions';
import type { TestApp } from './app';
import { createUser } from './factories';

export type TestSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Connection errors the server gives when it refuses a handshake. */
export type HandshakeError = Error & { data?: { code?: string } };

export async function fetchToken(
  t: TestApp,
  headers: Record<string, string> = {},
): Promise<RealtimeToken> {
  const res = await fetch(`${t.url}${REALTIME_TOKEN_PATH}`, { headers });
  if (!res.ok) throw new Error(`token request failed: ${res.status}`);
  return (await res.json()) as RealtimeToken;
}

/**
 * Opens a socket the way the browser does; resolves once connected, rejects when refused.
 * `auth` adds to the handshake what the browser sends beside the token (its browser id).
 */
export function connect(
  t: TestApp,
  token: string | undefined,
  auth: Record<string, string> = {},
): Promise<TestSocket> {
  const socket: TestSocket = io(t.url, {
    path: REALTIME_PATH,
    auth: token === undefined ? auth : { ...auth, token },
    reconnection: false,
    transports: ['websocket'],
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

export async function connectAsGuest(t: TestApp): Promise<TestSocket> {
  return connect(t, (await fetchToken(t)).token);
}

/**
 * A new account with a live sign-in session (made in the database), and a realtime token
 * issued for that session, as GET /api/realtime/token would give its browser.
 */
export async function signedInToken(t: TestApp) {
  const { user } = await createUser(t);
  const { session } = await createSession(t.app.database.db, { userId: user.id, type: 'password' });
  const caller = { userId: user.id, sessionId: session.id, viaAdminKey: false };
  return { user, sessionId: session.id, token: t.app.realtimeTokens.issue(caller).token };
}

/** How the server ended a connection: the code of its `connection:ended`, then Socket.IO's reason. */
export type ConnectionEnd = { code: string | null; reason: string };

/** Resolves once the socket is disconnected, with what the server said about it. */
export function endOf(socket: TestSocket): Promise<ConnectionEnd> {
  return new Promise((resolve) => {
    let code: string | null = null;
    socket.once('connection:ended', (message) => (code = message.code));
    socket.once('disconnect', (reason) => resolve({ code, reason }));
  });
}

type Message = { kind: 'value'; value: unknown } | { kind: 'error'; error: QueryErrorMessage };

/**
 * Records every answer a socket receives, per live query id, and lets a test wait for the
 * next one. Nothing is dropped, so a test can also assert what did NOT arrive.
 */
export class LiveQueryRecorder {
  private readonly received = new Map<string, Message[]>();
  private readonly waiters: Array<{ id: string; count: number; resolve: () => void }> = [];
  /** Values that come as a channel's broadcast are recorded under each id that follows it. */
  private readonly followers = new ChannelFollowers();
  /** How many values came as a channel's broadcast, all ids together. */
  sharedMessages = 0;

  constructor(private readonly socket: TestSocket) {
    socket.on('query:value', (message: QueryValueMessage) => {
      this.followers.follow(message.id, message.channel);
      this.record(message.id, { kind: 'value', value: message.value });
    });
    socket.on('query:shared', ({ channel, value }) => {
      this.sharedMessages += 1;
      for (const id of this.followers.idsOf(channel)) this.record(id, { kind: 'value', value });
    });
    socket.on('query:error', (message) => {
      this.followers.drop(message.id);
      this.record(message.id, { kind: 'error', error: message });
    });
  }

  subscribe(id: string, path: string, args?: Record<string, unknown>): Promise<Message> {
    const next = this.next(id);
    this.socket.emit('subscribe', { id, path, ...(args ? { args } : {}) });
    return next;
  }

  async unsubscribe(id: string): Promise<void> {
    this.followers.drop(id);
    await this.socket.emitWithAck('unsubscribe', { id });
  }

  /** Every value received so far for the id (errors left out). */
  values(id: string): unknown[] {
    return this.messages(id).flatMap((message) =>
      message.kind === 'value' ? [message.value] : [],
    );
  }

  messages(id: string): Message[] {
    return this.received.get(id) ?? [];
  }

  /** Resolves with the next message for the id after the ones already received. */
  next(id: string): Promise<Message> {
    const count = this.messages(id).length + 1;
    return this.waitForCount(id, count).then(() => this.messages(id)[count - 1] as Message);
  }

  /** Resolves once a value satisfying the test has arrived for the id. */
  async until(id: string, test: (value: unknown) => boolean): Promise<unknown> {
    for (;;) {
      const found = this.values(id).find(test);
      if (found !== undefined) return found;
      await this.waitForCount(id, this.messages(id).length + 1);
    }
  }

  private waitForCount(id: string, count: number): Promise<void> {
    if (this.messages(id).length >= count) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ id, count, resolve }));
  }

  private record(id: string, message: Message) {
    this.received.set(id, [...this.messages(id), message]);
    for (const waiter of [...this.waiters]) {
      if (waiter.id === id && this.messages(id).length >= waiter.count) {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  }
}
