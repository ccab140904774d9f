import {
  ClockSync,
  sampleOf,
  type ClockEstimate,
  type ClockSample,
} from '@music-rooms/domain/clock';
import type { ClockPing } from '../../../lib/realtime/realtime-client';

/** What the clock needs of the realtime connection. */
export type ClockTransport = {
  readonly connected: boolean;
  ping(): Promise<ClockPing>;
  /** Hears every (re)connection; answers the function that stops listening. */
  onConnect(listener: () => void): () => void;
  /** Opens the connection without waiting for the page's first reads. */
  connectNow?(): void;
};

export type ClockOptions = {
  now?: () => number;
  /** Hears the page wake (the tab shown again); answers the function that stops listening. */
  onWake?: (listener: () => void) => () => void;
  /**
   * A sample in before the connection's: the room page's own request (page-clock.ts). The
   * connection's first opening keeps it, as the page came from the server it reaches (a
   * balancer keeps a tab on one node); a reconnect forgets it with the rest.
   */
  pageSample?: ClockSample | null;
};

/** Probes sent one after another at the start, after a reconnect and when the tab wakes. */
const BURST_PROBES = 8;
/** Probes of each periodic re-sampling (the lowest round trip of them counts). */
const PERIODIC_PROBES = 3;
/** Often enough that the estimate's minute of samples (`ClockSync`) holds three dozen. */
const PERIODIC_MS = 5000;
/** A pause between the probes of a burst, so one slow moment does not spoil them all. */
const PROBE_GAP_MS = 40;
/**
 * After each burst, a series every half second for ten seconds. A burst made while the page is
 * still loading (or the server busy) can have only slow round trips, and the offset is off by up
 * to half of one (seen: 2 ms for the first 14 s, heard as one speaker 2 ms early); and through a
 * jittery line the estimate needs dozens of probes to find a quick way there and a quick way
 * back (40 ± 10 ms each way: 1.3 ms off at the 95th percentile after 20 probes, 0.6 ms after
 * 60). These bring sixty within ten seconds rather than over minutes of periodic series.
 */
const SETTLING_SERIES_MS = Array.from({ length: 20 }, (_, i) => 500 * (i + 1));

/**
 * The server's clock as this page sees it (design §4 "Clock"): NTP-style paired probes over the
 * socket feed the domain's `ClockSync`. A burst at the start, a few probes every 5 s, and a new
 * burst after a reconnect (perhaps to another node: the old samples are forgotten) and when the
 * tab becomes visible again (timers slept, the machine may have). `serverNow()` reads
 * `performance.now()` plus the estimated offset.
 */
export class PlayerClock {
  private readonly sync = new ClockSync();
  private readonly stops: Array<() => void> = [];
  private timer: ReturnType<typeof setInterval> | null = null;
  private settling: ReturnType<typeof setTimeout>[] = [];
  private probing: Promise<void> | null = null;
  private closed = false;
  private readonly listeners = new Set<() => void>();
  /** The page's sample, until the connection has opened once. */
  private pageSample: ClockSample | null;
  /** The page's sample as long as it was kept (it ages out like the rest). */
  private readonly keptPageSample: ClockSample | null;

  private readonly now: () => number;

  constructor(
    private readonly transport: ClockTransport,
    private readonly options: ClockOptions = {},
  ) {
    this.now = options.now ?? (() => performance.now());
    this.pageSample = options.pageSample ?? null;
    this.keptPageSample = this.pageSample;
    if (this.pageSample) this.sync.add(this.pageSample);
  }

  /** Starts sampling (again, after a stop); a clock sampling already goes on as it was. */
  start(): void {
    if (this.timer !== null) return;
    this.closed = false;
    this.stops.push(
      this.transport.onConnect(() => {
        this.sync.reset();
        if (this.pageSample) this.sync.add(this.pageSample);
        this.pageSample = null;
        void this.burst();
      }),
    );
    if (this.options.onWake) this.stops.push(this.options.onWake(() => void this.burst()));
    this.timer = setInterval(() => void this.probe(PERIODIC_PROBES), PERIODIC_MS);
    // The music waits for the first sample: the connection it comes over is needed at once.
    this.transport.connectNow?.();
    if (!this.transport.connected) return;
    this.pageSample = null;
    void this.burst();
  }

  stop(): void {
    this.closed = true;
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    this.settling.splice(0).forEach(clearTimeout);
    this.stops.splice(0).forEach((stop) => stop());
  }

  /**
   * The estimate, or null before the first answer. Its `samples` are the connection's probes:
   * the music starts on three of them whatever their bound (sync-engine.ts), and counted as one,
   * the page's own sample (often looser) let it start on one probe fewer, less close to the room
   * (B 2.2 ms off A 3 s after its first sound against 1.2 ms, medians of 16 late joins).
   */
  estimate(): ClockEstimate | null {
    const estimate = this.sync.estimate();
    const page = this.keptPageSample;
    if (!estimate || !page || !this.sync.holds(page)) return estimate;
    return { ...estimate, samples: estimate.samples - 1 };
  }

  /** The server's epoch time now, or null before the first answer. */
  serverNow(): number | null {
    return this.sync.serverNow(this.now());
  }

  /** The page's `performance.now()` at a server instant, or null before the first answer. */
  localTimeOf(serverMs: number): number | null {
    const estimate = this.sync.estimate();
    return estimate ? serverMs - estimate.offsetMs : null;
  }

  /** Hears each new sample (the estimate may have moved). Answers the function that stops it. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A burst of probes, right away (a tab woke, the engine lost track), and the settling series. */
  burst(): Promise<void> {
    this.settling.splice(0).forEach(clearTimeout);
    this.settling = SETTLING_SERIES_MS.map((delay) =>
      setTimeout(() => void this.probe(PERIODIC_PROBES), delay),
    );
    return this.probe(BURST_PROBES);
  }

  private probe(count: number): Promise<void> {
    // One series at a time: a second would only compete with the first for the socket.
    this.probing ??= this.series(count).finally(() => {
      this.probing = null;
    });
    return this.probing;
  }

  private async series(count: number): Promise<void> {
    for (let i = 0; i < count && !this.closed && this.transport.connected; i += 1) {
      try {
        const { sentAt, serverNow, receivedAt } = await this.transport.ping();
        if (this.closed) return;
        this.sync.add(
          sampleOf({
            clientSentAt: sentAt,
            serverReceivedAt: serverNow,
            serverSentAt: serverNow,
            clientReceivedAt: receivedAt,
          }),
        );
        this.listeners.forEach((listener) => listener());
      } catch {
        // No answer in time (a cut connection): the next series tries again.
        return;
      }
      if (i + 1 < count) await new Promise((resolve) => setTimeout(resolve, PROBE_GAP_MS));
    }
  }
}
