import { parseTopic, type UserId } from '@music-rooms/domain';

/** Topics after which a cached public list may be out of date: any room, any user's name or photo. */
export function staleListTopic(topic: string): boolean {
  const kind = parseTopic(topic)?.kind;
  return kind === 'roomList' || kind === 'user';
}

/** The user whose own rooms or favourites a topic names, or null. */
function viewerOfTopic(topic: string): UserId | null {
  const parsed = parseTopic(topic);
  return parsed?.kind === 'userRooms' ? parsed.userId : null;
}

/** Shared entries are kept under this viewer. */
const EVERYONE = '';

type Entry = { viewer: string; value: unknown };
type Loading = { viewer: string; promise: Promise<unknown> };

/**
 * What the room lists look like, kept in memory until something they show changes. The home
 * page asks the same few questions over and over (the first page, a popular search), and a
 * person's "my rooms" is read on every visit and every live update: the answers are kept
 * rather than recomputed by the database for every caller.
 *
 * Two kinds of entries: the public list, the same for everyone (`get`), and a viewer's own lists
 * ("my rooms", favourites: `getForViewer`), each kind within its own size.
 *
 * Correctness rests on two rules. Every node forgets entries when it hears a topic that could
 * change them (the same topics that re-run live queries, so they cross nodes through Redis):
 * everything on a room or user change, one viewer's entries when their own rooms or favourites
 * change (`user-rooms:<id>`). An answer loaded while such a change happened is handed to its
 * callers but not kept, and a caller arriving after the change never joins a load that began
 * before it.
 */
export class RoomListCache {
  private generation = 0;
  private readonly viewerGenerations = new Map<string, number>();
  private readonly shared = new Map<string, Entry>();
  private readonly perViewer = new Map<string, Entry>();
  private readonly loading = new Map<string, Loading>();

  constructor(
    private readonly maxEntries = 500,
    private readonly maxViewerEntries = 1000,
  ) {}

  /** The cached value of `key`, or the one `load` gives (shared by callers asking at once). */
  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    return this.cached(EVERYONE, key, load);
  }

  /** Like `get`, for a list only this viewer sees. */
  getForViewer<T>(viewerId: UserId, key: string, load: () => Promise<T>): Promise<T> {
    return this.cached(viewerId, key, load);
  }

  /** Called with the topics of every change, on every node. */
  onTopics(topics: readonly string[]): void {
    if (topics.some(staleListTopic)) {
      this.clear();
      return;
    }
    for (const topic of topics) {
      const viewer = viewerOfTopic(topic);
      if (viewer) this.forgetViewer(viewer);
    }
  }

  clear(): void {
    this.generation++;
    this.viewerGenerations.clear();
    this.shared.clear();
    this.perViewer.clear();
    this.loading.clear();
  }

  get size(): number {
    return this.shared.size + this.perViewer.size;
  }

  private async cached<T>(viewer: string, key: string, load: () => Promise<T>): Promise<T> {
    const id = JSON.stringify([viewer, key]);
    const store = viewer === EVERYONE ? this.shared : this.perViewer;
    const entry = store.get(id);
    if (entry) {
      // Most recently used last, so that eviction takes the least used.
      store.delete(id);
      store.set(id, entry);
      return entry.value as T;
    }
    const pending = this.loading.get(id);
    if (pending) return pending.promise as Promise<T>;
    const stamp = this.stampOf(viewer);
    const promise = load().then((value) => {
      if (stamp === this.stampOf(viewer)) this.keep(store, id, { viewer, value });
      return value;
    });
    const settled = () => {
      if (this.loading.get(id)?.promise === promise) this.loading.delete(id);
    };
    promise.then(settled, settled);
    this.loading.set(id, { viewer, promise });
    return promise;
  }

  /** Changes whenever an entry of this viewer would be forgotten. */
  private stampOf(viewer: string): string {
    return `${this.generation}:${this.viewerGenerations.get(viewer) ?? 0}`;
  }

  private forgetViewer(viewer: string): void {
    this.viewerGenerations.set(viewer, (this.viewerGenerations.get(viewer) ?? 0) + 1);
    for (const [id, entry] of this.perViewer)
      if (entry.viewer === viewer) this.perViewer.delete(id);
    for (const [id, load] of this.loading) if (load.viewer === viewer) this.loading.delete(id);
  }

  private keep(store: Map<string, Entry>, id: string, entry: Entry): void {
    store.set(id, entry);
    const max = store === this.shared ? this.maxEntries : this.maxViewerEntries;
    if (store.size <= max) return;
    const oldest = store.keys().next().value;
    if (oldest !== undefined) store.delete(oldest);
  }
}
