import type { FunctionArgs } from '@music-rooms/domain/functions';
import type { RealtimeToken } from '@music-rooms/domain/realtime';
import type { ListenerReport } from '@music-rooms/domain/listeners';
import type { RoomActivity } from '@music-rooms/domain/room-activity';
import type { RoomSound } from '@music-rooms/domain/room-sounds';
import type { AccessRequestNews } from '@music-rooms/domain/personal-news';
import { createFunctionSender } from '../api/functions';
import { FunctionCallError } from '../api/function-call-error';
import { browserId } from './browser-id';
import { takeEarlyRead } from './early-reads';
import { LiveQueryRegistry, type LiveQueryEntry, type LiveQueryState } from './live-query-registry';
import type { ClockPing, PresenceRequest, RealtimeConnection } from './realtime-connection';
import { fetchRealtimeToken } from './token';

export type { ClockPing, PresenceRequest } from './realtime-connection';

export type RealtimeClientOptions = {
  /** Origin of the app server; empty in the browser (the page's own origin). */
  baseUrl?: string;
  /** How a token is obtained; GET /api/realtime/token by default. */
  getToken?: () => Promise<RealtimeToken>;
  /** This browser's id, sent with every handshake (presence counts a guest once per browser). */
  getBrowserId?: () => string;
  /** Where connection trouble is written. It is never shown to the user (spec §8 "Realtime"). */
  logger?: Pick<Console, 'warn' | 'error'>;
  transports?: Array<'polling' | 'websocket'>;
  /** Reads a query once, for its first value before the connection is open (POST /api/query). */
  readOnce?: (path: string, args: FunctionArgs) => Promise<unknown>;
};

/**
 * Where the realtime connection stands: not open yet (`connecting`), `open`, or `lost` after it
 * was open (the server gone, the network cut), while Socket.IO tries again by itself.
 */
export type RealtimeStatus = 'connecting' | 'open' | 'lost';

/** After the connection's code failed to load, wait this long before trying again. */
const LOAD_RETRY_MS = 5000;

/**
 * The tab's realtime client. A live query's first value is read over plain HTTP while the
 * connection is not open, so the first page shows without waiting for Socket.IO; the
 * connection's code loads once those reads have answered (or at once, for a page whose player
 * needs the server's clock: `connectNow`), then keeps every live query current and the tab
 * present in its rooms. Each live query is asked for once however many components
 * watch it.
 */
export class RealtimeClient {
  private readonly queries = new LiveQueryRegistry();
  /** Rooms whose page is open in this tab, joined again after every reconnection. */
  private readonly presence = new Map<string, PresenceRequest>();
  /** First values being read over HTTP: the connection waits for them. */
  private readonly firstReads = new Set<Promise<void>>();
  private readonly getToken: () => Promise<RealtimeToken>;
  private readonly readOnce: (path: string, args: FunctionArgs) => Promise<unknown>;
  private readonly logger: Pick<Console, 'warn' | 'error'>;
  private connection: RealtimeConnection | null = null;
  /** Counts start/stop cycles: an opening begun before a stop must not go on after it. */
  private cycle = 0;
  private opening = false;
  /** A page needs the connection at once (`connectNow`), and ends the opening's wait. */
  private urgent = false;
  private endWait: (() => void) | null = null;
  /** Asked once: the same for every (re)connection of this page. */
  private readonly browserId: string;
  private readonly connectListeners = new Set<() => void>();
  private readonly activityListeners = new Set<(activity: RoomActivity) => void>();
  private readonly accessRequestListeners = new Set<(news: AccessRequestNews) => void>();
  private readonly soundListeners = new Set<(sound: RoomSound) => void>();
  private readonly statusListeners = new Set<() => void>();
  private status: RealtimeStatus = 'connecting';

  constructor(private readonly options: RealtimeClientOptions = {}) {
    this.getToken = options.getToken ?? (() => fetchRealtimeToken(options.baseUrl));
    const send = createFunctionSender({ baseUrl: options.baseUrl });
    this.readOnce = options.readOnce ?? ((path, args) => send('query', path, args));
    this.browserId = (options.getBrowserId ?? browserId)();
    this.logger = options.logger ?? console;
  }

  get connected(): boolean {
    return this.connection?.connected ?? false;
  }

  /**
   * Opens the connection once the first values being read have answered and the browser is
   * idle (unless `connectNow` was called); calling it again while open (or opening) does nothing.
   */
  start(): void {
    if (this.connection || this.opening) return;
    this.opening = true;
    void this.open(this.cycle);
  }

  /**
   * The connection is needed now (a page that plays needs the server's clock): an opening that
   * waits for the first reads goes on at once, and so does every later one.
   */
  connectNow(): void {
    this.urgent = true;
    this.endWait?.();
  }

  stop(): void {
    this.cycle += 1;
    this.setStatus('connecting');
    this.opening = false;
    this.connection?.close();
    this.connection = null;
  }

  /** Connects again with a fresh token, e.g. after signing in or out changed who the caller is. */
  reconnect(): void {
    this.connection?.reconnect();
  }

  /** Watches a live query; the listener hears every new state. Answers the function that stops it. */
  watch(path: string, args: FunctionArgs, listener: () => void): () => void {
    const { entry, created } = this.queries.add(path, args, listener);
    if (created && this.connection?.connected) this.connection.subscribe(entry);
    else if (created) this.readFirstValue(entry);
    return () => {
      if (this.queries.remove(entry, listener)) this.connection?.unsubscribe(entry.id);
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
    this.connection?.join(request);
    return () => {
      // A newer join of the same room (another pass) owns the presence now.
      if (this.presence.get(request.roomId) !== request) return;
      this.presence.delete(request.roomId);
      this.connection?.leave(request.roomId);
    };
  }

  /**
   * One clock sample: when the ping left and when its answer came (`performance.now()`), and
   * the server's epoch time in between.
   */
  async ping(): Promise<ClockPing> {
    if (!this.connection) throw new Error('The realtime connection is not open');
    return this.connection.ping();
  }

  /** Tells the room how this tab's player plays along (presence:sync); dropped while offline. */
  reportSync(report: ListenerReport): void {
    this.connection?.reportSync(report);
  }

  /** Hears what members do in the rooms this tab is in. Answers the function that stops it. */
  onRoomActivity(listener: (activity: RoomActivity) => void): () => void {
    this.activityListeners.add(listener);
    return () => this.activityListeners.delete(listener);
  }

  /**
   * Hears that someone asked to join a room the signed-in user owns or administers, whatever
   * page is open. Answers the function that stops it.
   */
  onAccessRequest(listener: (news: AccessRequestNews) => void): () => void {
    this.accessRequestListeners.add(listener);
    return () => this.accessRequestListeners.delete(listener);
  }

  /** Hears the sounds to play at a server instant in the rooms this tab is in (RoomSound). */
  onRoomSound(listener: (sound: RoomSound) => void): () => void {
    this.soundListeners.add(listener);
    return () => this.soundListeners.delete(listener);
  }

  /** The connection's socket id while it is open, which a calibration round is planned for. */
  get socketId(): string | null {
    return this.connection?.socketId ?? null;
  }

  /** Where the connection stands; see RealtimeStatus. */
  getStatus = (): RealtimeStatus => this.status;

  /** Hears every change of `getStatus()`. Answers the function that stops it. */
  subscribeStatus = (listener: () => void): (() => void) => {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  };

  private setStatus(status: RealtimeStatus): void {
    if (status === this.status) return;
    this.status = status;
    this.statusListeners.forEach((listener) => listener());
  }

  /** Hears every (re)connection (the clock samples again). Answers the function that stops it. */
  onConnect(listener: () => void): () => void {
    this.connectListeners.add(listener);
    return () => this.connectListeners.delete(listener);
  }

  private async open(cycle: number): Promise<void> {
    await this.whenReadsAnsweredOrUrgent();
    // Asked for while the connection's code loads and its transport opens, not after.
    const firstToken = this.getToken();
    firstToken.catch(() => {});
    try {
      const { RealtimeConnection } = await import('./realtime-connection');
      if (cycle !== this.cycle) return;
      this.connection = new RealtimeConnection({
        baseUrl: this.options.baseUrl,
        transports: this.options.transports,
        getToken: firstThen(firstToken, this.getToken),
        browserId: this.browserId,
        logger: this.logger,
        queries: this.queries,
        presence: this.presence,
        onConnect: () => {
          this.setStatus('open');
          this.connectListeners.forEach((listener) => listener());
        },
        onDisconnect: () => {
          if (cycle === this.cycle) this.setStatus('lost');
        },
        onActivity: (activity) => this.activityListeners.forEach((listener) => listener(activity)),
        onAccessRequest: (news) =>
          this.accessRequestListeners.forEach((listener) => listener(news)),
        onRoomSound: (sound) => this.soundListeners.forEach((listener) => listener(sound)),
      });
      this.opening = false;
    } catch (error) {
      this.logger.error(error);
      setTimeout(() => {
        if (cycle === this.cycle) void this.open(cycle);
      }, LOAD_RETRY_MS);
    }
  }

  /** The first reads answered, or the connection asked for at once (`connectNow`). */
  private whenReadsAnsweredOrUrgent(): Promise<void> {
    if (this.urgent) return Promise.resolve();
    return new Promise<void>((resolve) => {
      this.endWait = resolve;
      void this.whenReadsAnswered().then(resolve);
    }).finally(() => {
      this.endWait = null;
    });
  }

  /** Reads started meanwhile (a page that asks for more once the first answers came) count too. */
  private async whenReadsAnswered(): Promise<void> {
    do {
      await Promise.allSettled(this.firstReads);
      await quietMoment();
    } while (this.firstReads.size > 0);
  }

  /**
   * Reads a live query's first value over HTTP, or takes the early read of it. A refusal by the
   * function is its answer; a request that failed otherwise leaves the query loading until the
   * connection answers it.
   */
  private readFirstValue(entry: LiveQueryEntry): void {
    // A read the app started for this page before its code had loaded (early-reads.ts) is it.
    const answer = takeEarlyRead(entry.path, entry.args) ?? this.readOnce(entry.path, entry.args);
    const read = answer
      .then(
        (value) => this.queries.setFirstState(entry.id, { status: 'value', value }),
        (error: unknown) => {
          if (error instanceof FunctionCallError && isAnswerOfTheFunction(error)) {
            this.queries.setFirstState(entry.id, { status: 'error', error });
          }
        },
      )
      .finally(() => this.firstReads.delete(read));
    this.firstReads.add(read);
  }
}

/** `get`, whose first answer was asked for already (`first`); every later call asks anew. */
function firstThen<T>(first: Promise<T>, get: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = first;
  return () => {
    const answer = pending ?? get();
    pending = null;
    return answer;
  };
}

/** The function's own error (560) or a refused call (4xx); not a fault or a busy server. */
function isAnswerOfTheFunction(error: FunctionCallError): boolean {
  const status = error.status ?? 0;
  return status === 560 || (status >= 400 && status < 500 && status !== 429);
}

/** The longest wait for an idle moment: a busy page still connects soon after. */
const IDLE_TIMEOUT_MS = 500;

/** The browser's idle callback; the client also runs where there is none (Node, Safari). */
type IdleScheduler = {
  requestIdleCallback?: (callback: () => void, options: { timeout: number }) => number;
};

/**
 * Resolves when the browser is idle, after the frame that shows what was just rendered (or at
 * once where there is no idle callback).
 */
function quietMoment(): Promise<void> {
  const scheduler = globalThis as IdleScheduler;
  return new Promise((resolve) => {
    if (!scheduler.requestIdleCallback) setTimeout(resolve, 0);
    else scheduler.requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
  });
}
