import { randomUUID } from 'node:crypto';
import { TOPICS, type RoomId } from '@music-rooms/domain';
import type { PresenceEntries } from './entries';

export type PresenceOptions = {
  /** How long a user stays counted after their last socket left the room (spec: 1000 ms). */
  retentionMs: number;
  /** How often this node renews its sockets' entries and drops lapsed ones. */
  heartbeatMs: number;
  /** How long an entry lives without renewal: what a node that died leaves behind lasts this long. */
  entryTtlMs: number;
};

type Joined = { roomId: RoomId; entry: string };

/** Someone present in a room, and since when (epoch ms) they have been there without a break. */
export type PresentMember = { memberKey: string; joinedAt: number };

/** An entry names the member, the node and socket that hold it, and when the member joined. */
type Entry = [memberKey: string, nodeId: string, socketId: string, joinedAt?: number];
const parseEntry = (entry: string) => JSON.parse(entry) as Entry;

/**
 * Who is in which room (design §4 Presence). Each open socket in a room is one entry; a user
 * counts once however many tabs they have, and stays counted `retentionMs` after their last
 * socket left. Every change publishes the room's presence topic, so room cards stay live.
 */
export class Presence {
  private readonly nodeId = randomUUID();
  /** This node's sockets and the rooms each is in. */
  private readonly sockets = new Map<string, Map<RoomId, Joined>>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private heartbeat: NodeJS.Timeout | null = null;

  constructor(
    private readonly entries: PresenceEntries,
    private readonly publish: (topics: readonly string[]) => Promise<void>,
    private readonly options: PresenceOptions,
    private readonly onError: (error: unknown) => void = () => {},
  ) {}

  start(): void {
    this.heartbeat = setInterval(
      () => void this.beat().catch(this.onError),
      this.options.heartbeatMs,
    );
    this.heartbeat.unref();
  }

  /**
   * Counts `memberKey` (a user id, or a guest's own key) in the room through this socket. A
   * member still present through another socket, or within the retention after their last one
   * left (a reload), keeps the time they first joined: host election ranks by it.
   */
  async join(roomId: RoomId, socketId: string, memberKey: string): Promise<void> {
    const since = (await this.members(roomId)).find((m) => m.memberKey === memberKey)?.joinedAt;
    const joinedAt = Math.min(since ?? Date.now(), Date.now());
    const entry = JSON.stringify([memberKey, this.nodeId, socketId, joinedAt] satisfies Entry);
    const rooms = this.sockets.get(socketId) ?? new Map<RoomId, Joined>();
    rooms.set(roomId, { roomId, entry });
    this.sockets.set(socketId, rooms);
    await this.entries.put([{ roomId, entry, expiresAt: Date.now() + this.options.entryTtlMs }]);
    await this.announce([roomId]);
  }

  /** The socket left the room: its entry lapses after the retention, then the count drops. */
  async leave(roomId: RoomId, socketId: string): Promise<void> {
    const joined = this.sockets.get(socketId)?.get(roomId);
    if (!joined) return;
    this.sockets.get(socketId)?.delete(roomId);
    if (this.sockets.get(socketId)?.size === 0) this.sockets.delete(socketId);
    await this.entries.put([{ ...joined, expiresAt: Date.now() + this.options.retentionMs }]);
    this.afterRetention(roomId);
  }

  /** Whether this node's socket is in the room now. */
  isIn(roomId: RoomId, socketId: string): boolean {
    return this.sockets.get(socketId)?.has(roomId) ?? false;
  }

  /** The socket disconnected: it leaves every room it was in. */
  async leaveAll(socketId: string): Promise<void> {
    const rooms = [...(this.sockets.get(socketId)?.keys() ?? [])];
    await Promise.all(rooms.map((roomId) => this.leave(roomId, socketId)));
  }

  /** Distinct users present in each room. */
  async counts(roomIds: readonly RoomId[]): Promise<Map<string, number>> {
    const live = await this.entries.live(roomIds, Date.now());
    return new Map([...live].map(([roomId, entries]) => [roomId, distinctMembers(entries)]));
  }

  /** Who is present in a room, each once, with the earliest join time of their sockets. */
  async members(roomId: RoomId): Promise<PresentMember[]> {
    const live = (await this.entries.live([roomId], Date.now())).get(roomId) ?? [];
    const joined = new Map<string, number>();
    for (const entry of live) {
      // Entries written before join times were recorded count as present since ever.
      const [memberKey, , , joinedAt = 0] = parseEntry(entry);
      joined.set(memberKey, Math.min(joined.get(memberKey) ?? joinedAt, joinedAt));
    }
    return [...joined].map(([memberKey, joinedAt]) => ({ memberKey, joinedAt }));
  }

  /** Every room with someone present, and how many (for sorting by activity). */
  async activeRooms(): Promise<Map<string, number>> {
    const counts = await this.counts(await this.entries.rooms());
    return new Map([...counts].filter(([, count]) => count > 0));
  }

  stop(): void {
    if (this.heartbeat !== null) clearInterval(this.heartbeat);
    this.heartbeat = null;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.sockets.clear();
  }

  /** Once the retention has run out, drop the lapsed entry and tell the room's watchers. */
  private afterRetention(roomId: RoomId): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void this.entries
        .sweep(Date.now(), [roomId])
        .then(() => this.announce([roomId]))
        .catch(this.onError);
    }, this.options.retentionMs + 1);
    this.timers.add(timer);
  }

  /** Renews this node's entries, and drops what lapsed anywhere (a node that died, say). */
  private async beat(): Promise<void> {
    const expiresAt = Date.now() + this.options.entryTtlMs;
    const mine = [...this.sockets.values()].flatMap((rooms) => [...rooms.values()]);
    await this.entries.put(mine.map((joined) => ({ ...joined, expiresAt })));
    const changed = await this.entries.sweep(Date.now());
    if (changed.length > 0) await this.announce(changed);
  }

  private announce(roomIds: readonly RoomId[]): Promise<void> {
    return this.publish([...roomIds.map(TOPICS.presence), TOPICS.anyPresence]);
  }
}

function distinctMembers(entries: readonly string[]): number {
  const members = new Set<string>();
  for (const entry of entries) members.add(parseEntry(entry)[0]);
  return members.size;
}
