import { io, type Socket } from 'socket.io-client';
import type { FunctionArgs } from '@music-rooms/domain/functions';
import {
  REALTIME_LIMITS,
  REALTIME_PATH,
  type ClientToServerEvents,
  type RealtimeToken,
  type ServerToClientEvents,
} from '@music-rooms/domain/realtime';
import { FunctionCallError } from '../api/function-call-error';
import { LiveQueryRegistry, type LiveQueryEntry, type LiveQueryState } from './live-query-registry';
import { fetchRealtimeToken } from './token';

type RealtimeSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** What marks this tab present in a room: the room and, for a password room, the gate pass. */
export type PresenceRequest = Parameters<ClientToServerEvents['presence:join']>[0];

export type RealtimeClientOptions = {
  /** Origin of the app server; empty in the browser (the page's own origin). */
  baseUrl?: string;
  /** How a token is obtained; GET /api/realtime/token by default. */
  getToken?: () => Promise<RealtimeToken>;
  /** Where connection trouble is written. It is never shown to the user (spec §8 "Realtime"). */
  logger?: Pick<Console, 'warn' | 'error'>;
  transports?: Array<'polling' | 'websocket'>;
};

/** After the server refused a handshake, wait this long before trying again, doubling up to the max. */
const RETRY = { firstMs: 1000, maxMs: 30_000 };
const ACK_TIMEOUT_MS = 10_000;

/**
 * The tab's realtime connection: opens Socket.IO with a fresh token on every (re)connection,
 * hands the server a new token ahead of expiry, and keeps live queries subscribed across
 * reconnections. Each live query is asked for once however many components watch it.
 */
export class RealtimeClient {
  private readonly queries = new LiveQueryRegistry();
  /** Rooms whose page is open in this tab, joined again after every reconnection. */
  private readonly presence = new Map<string, PresenceRequest>();
  private readonly getToken: () => Promise<RealtimeToken>;
  private readonly logger: Pick<Console, 'warn' | 'error'>;
  private socket: RealtimeSocket | null = null;
  private token: { value: RealtimeToken; receivedAt: number } | null = null;
  private refreshTimer: ReturnType<typeof setTimeout> | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private retryDelayMs = RETRY.firstMs;

  constructor(private readonly options: RealtimeClientOptions = {}) {
    this.getToken = options.getToken ?? (() => fetchRealtimeToken(options.baseUrl));
    this.logger = options.logger ?? console;
  }

  get connected(): boolean {
    return this.socket?.connected ?? false;
  }

  /** Opens the connection; calling it again while open does nothing. */
  start(): void {
    if (this.socket) return;
    this.socket = this.createSocket();
    this.socket.connect();
  }

  stop(): void {
    this.clearTimers();
    const socket = this.socket;
    this.socket = null;
    socket?.removeAllListeners();
    socket?.disconnect();
  }

  /** Connects again with a fresh token, e.g. after signing in or out changed who the caller is. */
  reconnect(): void {
    this.clearTimers();
    this.socket?.disconnect();
    this.socket?.connect();
  }

  /** Watches a live query; the listener hears every new state. Answers the function that stops it. */
  watch(path: string, args: FunctionArgs, listener: () => void): () => void {
    const { entry, created } = this.queries.add(path, args, listener);
    if (created) this.sendSubscribe(entry);
    return () => {
      if (this.queries.remove(entry, listener) && this.socket?.connected) {
        this.socket.emit('unsubscribe', { id: entry.id }, () => {});
      }
    };
  }

  /** The latest state of a live query; the same object until it changes. */
  stateOf(path: string, args: FunctionArgs): LiveQueryState {
    return this.queries.stateOf(path, args);
  }

  /**
   * Counts this tab present in a room while its page is open (presence:join), on this
   * connection and every later one. Answers the function that leaves (presence:leave).
   */
  joinRoom(request: PresenceRequest): () => void {
    this.presence.set(request.roomId, request);
    this.sendJoin(request);
    return () => {
      // A newer join of the same room (another pass) owns the presence now.
      if (this.presence.get(request.roomId) !== request) return;
      this.presence.delete(request.roomId);
      if (this.socket?.connected) this.socket.emit('presence:leave', { roomId: request.roomId });
    };
  }

  /** One clock sample: when the ping left, the server's time, and when the answer came back. */
  async ping(): Promise<{ sentAt: number; serverNow: number; receivedAt: number }> {
    if (!this.socket?.connected) throw new Error('The realtime connection is not open');
    const sentAt = Date.now();
    const serverNow = await this.socket.timeout(ACK_TIMEOUT_MS).emitWithAck('clock:ping');
    return { sentAt, serverNow, receivedAt: Date.now() };
  }

  private createSocket(): RealtimeSocket {
    const options = {
      path: REALTIME_PATH,
      autoConnect: false,
      // Called before every connection attempt, so each one carries a fresh token.
      auth: (send: (data: object) => void) => {
        void this.obtainToken().then((token) => send(token ? { token } : {}));
      },
      ...(this.options.transports ? { transports: this.options.transports } : {}),
    };
    const socket: RealtimeSocket = this.options.baseUrl
      ? io(this.options.baseUrl, options)
      : io(options);
    socket.on('connect', () => this.onConnect());
    socket.on('disconnect', (reason) => this.onDisconnect(reason));
    socket.on('connect_error', (error) => this.onConnectError(error));
    socket.on('query:value', ({ id, value }) =>
      this.queries.setState(id, { status: 'value', value }),
    );
    socket.on('query:error', ({ id, errorMessage, errorData }) => {
      const error = new FunctionCallError(errorData.code, errorMessage, errorData);
      this.queries.setState(id, { status: 'error', error });
    });
    return socket;
  }

  private async obtainToken(): Promise<string | null> {
    try {
      const value = await this.getToken();
      this.token = { value, receivedAt: Date.now() };
      return value.token;
    } catch (error) {
      this.logger.error(error);
      return null;
    }
  }

  private onConnect(): void {
    this.retryDelayMs = RETRY.firstMs;
    for (const entry of this.queries.entries()) this.sendSubscribe(entry);
    for (const request of this.presence.values()) this.sendJoin(request);
    this.scheduleRefresh();
  }

  private onDisconnect(reason: Socket.DisconnectReason): void {
    if (this.refreshTimer !== null) clearTimeout(this.refreshTimer);
    this.refreshTimer = null;
    // The server ended the connection (its token expired or its sign-in ended): Socket.IO leaves
    // that to us, and the fresh token names whoever this tab now is.
    if (reason === 'io server disconnect') this.socket?.connect();
  }

  private onConnectError(error: Error): void {
    this.logger.warn('Failed to connect', error.message);
    // A refused handshake is not retried by Socket.IO itself; a network failure is.
    if (this.socket && !this.socket.active) this.scheduleRetry();
  }

  private scheduleRetry(): void {
    if (this.retryTimer !== null) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.socket?.connect();
    }, this.retryDelayMs);
    this.retryDelayMs = Math.min(this.retryDelayMs * 2, RETRY.maxMs);
  }

  private scheduleRefresh(delayMs?: number): void {
    if (this.refreshTimer !== null) clearTimeout(this.refreshTimer);
    this.refreshTimer = null;
    if (!this.token) return;
    const { value, receivedAt } = this.token;
    const due = receivedAt + value.ttlMs * REALTIME_LIMITS.tokenRefreshRatio - Date.now();
    this.refreshTimer = setTimeout(() => void this.refreshToken(), delayMs ?? Math.max(0, due));
  }

  /** Hands the server a new token before the current one expires; a refusal means reconnecting. */
  private async refreshToken(): Promise<void> {
    this.refreshTimer = null;
    const socket = this.socket;
    const token = await this.obtainToken();
    if (!socket?.connected || socket !== this.socket) return;
    if (token === null) return this.scheduleRefresh(RETRY.firstMs * 5);
    try {
      const result = await socket.timeout(ACK_TIMEOUT_MS).emitWithAck('auth:refresh', { token });
      if (result.ok) return this.scheduleRefresh();
      this.logger.warn('Realtime token refused', result.errorMessage);
      this.reconnect();
    } catch (error) {
      this.logger.warn('Realtime token refresh got no answer', error);
      this.scheduleRefresh(RETRY.firstMs * 5);
    }
  }

  private sendSubscribe(entry: LiveQueryEntry): void {
    if (!this.socket?.connected) return;
    this.socket.emit('subscribe', { id: entry.id, path: entry.path, args: entry.args });
  }

  private sendJoin(request: PresenceRequest): void {
    if (!this.socket?.connected) return;
    this.socket.emit('presence:join', request, ({ ok }) => {
      if (!ok) this.logger.warn('Presence in the room was refused', request.roomId);
    });
  }

  private clearTimers(): void {
    for (const timer of [this.refreshTimer, this.retryTimer])
      if (timer !== null) clearTimeout(timer);
    this.refreshTimer = null;
    this.retryTimer = null;
  }
}
