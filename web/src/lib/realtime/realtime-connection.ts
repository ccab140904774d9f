import { io, type Socket } from 'socket.io-client';
import {
  REALTIME_LIMITS,
  REALTIME_PATH,
  type ClientToServerEvents,
  type RealtimeToken,
  type ServerToClientEvents,
} from '@music-rooms/domain/realtime';
import { ChannelFollowers } from '@music-rooms/domain/realtime-channels';
import type { ListenerReport } from '@music-rooms/domain/listeners';
import type { RoomActivity } from '@music-rooms/domain/room-activity';
import type { RoomSound } from '@music-rooms/domain/room-sounds';
import type { AccessRequestNews } from '@music-rooms/domain/personal-news';
import { FunctionCallError } from '../api/function-call-error';
import type { LiveQueryEntry, LiveQueryRegistry } from './live-query-registry';

type RealtimeSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** What marks this tab present in a room: the room and, for a password room, the gate pass. */
export type PresenceRequest = Parameters<ClientToServerEvents['presence:join']>[0];

/** One clock probe: client stamps on `performance.now()`, the server's answer in epoch ms. */
export type ClockPing = { sentAt: number; serverNow: number; receivedAt: number };

/** What the connection shares with the client that opened it. */
export type ConnectionSetup = {
  baseUrl?: string;
  getToken: () => Promise<RealtimeToken>;
  browserId: string;
  logger: Pick<Console, 'warn' | 'error'>;
  transports?: Array<'polling' | 'websocket'>;
  /** The client's live queries: every one is subscribed on each (re)connection. */
  queries: LiveQueryRegistry;
  /** The rooms the tab is present in: each is joined again on every (re)connection. */
  presence: ReadonlyMap<string, PresenceRequest>;
  /** Told after every (re)connection, once the live queries and presence are sent again. */
  onConnect: () => void;
  /** Hears what members do in the rooms this tab is in. */
  onActivity: (activity: RoomActivity) => void;
  /** Hears that someone asked to join a room the signed-in user owns or administers. */
  onAccessRequest: (news: AccessRequestNews) => void;
  /** Hears a sound to play at a server instant in a room the tab is in. */
  onRoomSound: (sound: RoomSound) => void;
  /** Told when an open connection is lost (the server gone, the network cut, the browser offline). */
  onDisconnect: () => void;
};

/** After the server refused a handshake, wait this long before trying again, doubling up to the max. */
const RETRY = { firstMs: 1000, maxMs: 30_000 };
const ACK_TIMEOUT_MS = 10_000;

/**
 * The Socket.IO side of the realtime client, in a chunk of its own so the first page does not
 * wait for it: opens the socket with a fresh token on every (re)connection, hands the server a
 * new token ahead of expiry, and subscribes the live queries and presence again after each
 * reconnection.
 */
export class RealtimeConnection {
  private readonly socket: RealtimeSocket;
  /** Live queries whose values come as one broadcast to everyone who sees the same. */
  private readonly followers = new ChannelFollowers();
  private token: { value: RealtimeToken; receivedAt: number } | null = null;
  private refreshTimer: ReturnType<typeof setTimeout> | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private retryDelayMs = RETRY.firstMs;

  constructor(private readonly setup: ConnectionSetup) {
    this.socket = this.createSocket();
    this.socket.connect();
  }

  get connected(): boolean {
    return this.socket.connected;
  }

  /** The socket's id while connected: the server tells a page its calibration chirp by it. */
  get socketId(): string | null {
    return this.socket.connected ? (this.socket.id ?? null) : null;
  }

  close(): void {
    this.clearTimers();
    this.socket.removeAllListeners();
    this.socket.disconnect();
  }

  /** Connects again with a fresh token, e.g. after signing in or out changed who the caller is. */
  reconnect(): void {
    this.clearTimers();
    this.socket.disconnect();
    this.socket.connect();
  }

  subscribe(entry: LiveQueryEntry): void {
    if (!this.socket.connected) return;
    this.socket.emit('subscribe', { id: entry.id, path: entry.path, args: entry.args });
  }

  unsubscribe(id: string): void {
    this.followers.drop(id);
    if (this.socket.connected) this.socket.emit('unsubscribe', { id }, () => {});
  }

  join(request: PresenceRequest): void {
    if (!this.socket.connected) return;
    this.socket.emit('presence:join', request, ({ ok }) => {
      if (!ok) this.setup.logger.warn('Presence in the room was refused', request.roomId);
    });
  }

  leave(roomId: PresenceRequest['roomId']): void {
    if (this.socket.connected) this.socket.emit('presence:leave', { roomId });
  }

  reportSync(report: ListenerReport): void {
    if (this.socket.connected) this.socket.emit('presence:sync', report);
  }

  /**
   * One clock sample: when the ping left and when the answer came back on the page's monotonic
   * clock (`performance.now()`, which no clock setting steps), and the server's epoch time.
   */
  async ping(): Promise<ClockPing> {
    if (!this.socket.connected) throw new Error('The realtime connection is not open');
    const sentAt = performance.now();
    const serverNow = await this.socket.timeout(ACK_TIMEOUT_MS).emitWithAck('clock:ping');
    return { sentAt, serverNow, receivedAt: performance.now() };
  }

  private createSocket(): RealtimeSocket {
    const { baseUrl, transports, queries } = this.setup;
    const options = {
      path: REALTIME_PATH,
      autoConnect: false,
      // Called before every connection attempt, so each one carries a fresh token.
      auth: (send: (data: object) => void) => {
        const browser = { browserId: this.setup.browserId };
        void this.obtainToken().then((token) => send(token ? { ...browser, token } : browser));
      },
      // A WebSocket first, and long-polling only where that fails: begun with polling, the
      // connection took three HTTP round trips and the clock's first probes went as polls, each
      // waiting for a page busy loading (seen: connected 0.9 s after the token was asked for, the
      // joiner's music waiting for the clock's first samples 0.6 s more).
      transports: transports ?? ['websocket', 'polling'],
      tryAllTransports: true,
    };
    const socket: RealtimeSocket = baseUrl ? io(baseUrl, options) : io(options);
    socket.on('connect', () => this.onConnect());
    socket.on('disconnect', (reason) => this.onDisconnect(reason));
    socket.on('connect_error', (error) => this.onConnectError(error));
    socket.on('query:value', ({ id, value, channel }) => {
      this.followers.follow(id, channel);
      queries.setState(id, { status: 'value', value });
    });
    socket.on('query:shared', ({ channel, value }) => {
      for (const id of this.followers.idsOf(channel))
        queries.setState(id, { status: 'value', value });
    });
    socket.on('room:activity', (activity) => this.setup.onActivity(activity));
    socket.on('rooms:accessRequested', (news) => this.setup.onAccessRequest(news));
    socket.on('player:sound', (sound) => this.setup.onRoomSound(sound));
    socket.on('query:error', ({ id, errorMessage, errorData }) => {
      this.followers.drop(id);
      const error = new FunctionCallError(errorData.code, errorMessage, errorData);
      queries.setState(id, { status: 'error', error });
    });
    return socket;
  }

  private async obtainToken(): Promise<string | null> {
    try {
      const value = await this.setup.getToken();
      this.token = { value, receivedAt: Date.now() };
      return value.token;
    } catch (error) {
      this.setup.logger.error(error);
      return null;
    }
  }

  private onConnect(): void {
    this.retryDelayMs = RETRY.firstMs;
    for (const entry of this.setup.queries.entries()) this.subscribe(entry);
    for (const request of this.setup.presence.values()) this.join(request);
    this.scheduleRefresh();
    this.setup.onConnect();
  }

  private onDisconnect(reason: Socket.DisconnectReason): void {
    this.followers.clear();
    // Closed on purpose (leaving, signing in or out) is not lost.
    if (reason !== 'io client disconnect') this.setup.onDisconnect();
    if (this.refreshTimer !== null) clearTimeout(this.refreshTimer);
    this.refreshTimer = null;
    // The server ended the connection (its token expired or its sign-in ended): Socket.IO leaves
    // that to us, and the fresh token names whoever this tab now is.
    if (reason === 'io server disconnect') this.socket.connect();
  }

  private onConnectError(error: Error): void {
    this.setup.logger.warn('Failed to connect', error.message);
    // A refused handshake is not retried by Socket.IO itself; a network failure is.
    if (!this.socket.active) this.scheduleRetry();
  }

  private scheduleRetry(): void {
    if (this.retryTimer !== null) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.socket.connect();
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
    const token = await this.obtainToken();
    if (!this.socket.connected) return;
    if (token === null) return this.scheduleRefresh(RETRY.firstMs * 5);
    try {
      const result = await this.socket
        .timeout(ACK_TIMEOUT_MS)
        .emitWithAck('auth:refresh', { token });
      if (result.ok) return this.scheduleRefresh();
      this.setup.logger.warn('Realtime token refused', result.errorMessage);
      this.reconnect();
    } catch (error) {
      this.setup.logger.warn('Realtime token refresh got no answer', error);
      this.scheduleRefresh(RETRY.firstMs * 5);
    }
  }

  private clearTimers(): void {
    for (const timer of [this.refreshTimer, this.retryTimer])
      if (timer !== null) clearTimeout(timer);
    this.refreshTimer = null;
    this.retryTimer = null;
  }
}
