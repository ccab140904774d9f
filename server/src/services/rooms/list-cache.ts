import { isUserTopic, TOPICS } from '@music-rooms/domain';

/** Topics after which a cached public list may be out of date: any room, any user's name or photo. */
export function staleListTopic(topic: string): boolean {
  return topic === TOPICS.roomList || isUserTopic(topic);
}

/**
 * What the public room list looks like to everyone, kept in memory until something it shows
 * changes. The home page asks the same few questions over and over (the first page, a popular
 * search), and on the embedded database each answer costs tens of milliseconds of a single
 * thread: a thousand visitors should not redo that work a thousand times.
 *
 * Correctness rests on two rules. Every node clears its cache when it hears a topic that could
 * change a list (the same topics that re-run live queries, so they cross nodes through Redis).
 * An answer loaded while a change happened is handed to its callers but not kept, and a caller
 * arriving after the change never joins a load that began before it.
 */
export class RoomListCache {
  private generation = 0;
  private readonly values = new Map<string, unknown>();
  private readonly loading = new Map<string, Promise<unknown>>();

  constructor(private readonly maxEntries = 500) {}

  /** The cached value of `key`, or the one `load` gives (shared by callers asking at once). */
  async get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (this.values.has(key)) {
      const value = this.values.get(key) as T;
      // Most recently used last, so that eviction takes the least used.
      this.values.delete(key);
      this.values.set(key, value);
      return value;
    }
    const pending = this.loading.get(key);
    if (pending) return pending as Promise<T>;
    const generation = this.generation;
    const promise = load().then((value) => {
      if (generation === this.generation) this.keep(key, value);
      return value;
    });
    const settled = () => {
      if (this.loading.get(key) === promise) this.loading.delete(key);
    };
    promise.then(settled, settled);
    this.loading.set(key, promise);
    return promise;
  }

  /** Called with the topics of every change, on every node. */
  onTopics(topics: readonly string[]): void {
    if (topics.some(staleListTopic)) this.clear();
  }

  clear(): void {
    this.generation++;
    this.values.clear();
    this.loading.clear();
  }

  get size(): number {
    return this.values.size;
  }

  private keep(key: string, value: unknown): void {
    this.values.set(key, value);
    if (this.values.size <= this.maxEntries) return;
    const oldest = this.values.keys().next().value;
    if (oldest !== undefined) this.values.delete(oldest);
  }
}
