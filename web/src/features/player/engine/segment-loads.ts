/**
 * Values loaded by key, with the last few kept (least recently used goes first) and one load
 * per key at a time however many ask. Each caller may give up (its signal) without cutting the
 * load short for the others; the load itself is aborted once every caller has given up.
 */
export class SharedLoads<K, V> {
  private readonly kept = new Map<K, V>();
  private readonly flights = new Map<K, Flight<V>>();

  constructor(
    private readonly capacity: number,
    private readonly load: (key: K, signal: AbortSignal) => Promise<V>,
  ) {}

  get(key: K, signal?: AbortSignal): Promise<V> {
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    const kept = this.kept.get(key);
    if (kept !== undefined) {
      this.kept.delete(key);
      this.kept.set(key, kept);
      return Promise.resolve(kept);
    }
    return this.wait(key, this.flights.get(key) ?? this.start(key), signal);
  }

  /** Forgets every kept value and aborts every load under way. */
  clear(): void {
    for (const flight of this.flights.values()) flight.controller.abort();
    this.flights.clear();
    this.kept.clear();
  }

  /** How many values are kept now. */
  get size(): number {
    return this.kept.size;
  }

  private start(key: K): Flight<V> {
    const controller = new AbortController();
    const promise = this.load(key, controller.signal).then(
      (value) => {
        if (this.flights.get(key) === flight) {
          this.flights.delete(key);
          this.keep(key, value);
        }
        return value;
      },
      (error: unknown) => {
        if (this.flights.get(key) === flight) this.flights.delete(key);
        throw error;
      },
    );
    // Every waiter handles the outcome; a load nobody waits for any more must not go unhandled.
    promise.catch(() => undefined);
    const flight: Flight<V> = { controller, waiters: 0, promise };
    this.flights.set(key, flight);
    return flight;
  }

  private wait(key: K, flight: Flight<V>, signal?: AbortSignal): Promise<V> {
    flight.waiters += 1;
    return new Promise<V>((resolve, reject) => {
      let left = false;
      /** This caller stops waiting (once): answers whether it was still waiting. */
      const leave = () => {
        if (left) return false;
        left = true;
        signal?.removeEventListener('abort', giveUp);
        flight.waiters -= 1;
        return true;
      };
      const giveUp = () => {
        if (!leave()) return;
        if (flight.waiters === 0) {
          if (this.flights.get(key) === flight) this.flights.delete(key);
          flight.controller.abort();
        }
        reject(abortReason(signal!));
      };
      signal?.addEventListener('abort', giveUp, { once: true });
      flight.promise.then(
        (value) => leave() && resolve(value),
        (error: unknown) => leave() && reject(error),
      );
    });
  }

  private keep(key: K, value: V): void {
    this.kept.set(key, value);
    while (this.kept.size > this.capacity) this.kept.delete(this.kept.keys().next().value!);
  }
}

type Flight<V> = { controller: AbortController; waiters: number; promise: Promise<V> };

const abortReason = (signal: AbortSignal): unknown =>
  signal.reason ?? new DOMException('The load was aborted', 'AbortError');
