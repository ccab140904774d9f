import { randomUUID } from 'node:crypto';
import {
  LISTENER_LIMITS,
  TOPICS,
  type ListenerReport,
  type ListenerSyncState,
  type RoomId,
} from '@music-rooms/domain';
import type { Presence } from './presence';
import type { ReportEntries, StoredReport } from './report-entries';

/** What this node last told the room about one of its sockets, and when it last heard it. */
type Told = { roomId: RoomId; state: ListenerSyncState; offsetMs: number | null; at: number };

/**
 * How each page present in a room plays along, as it reports it (presence:sync): kept per
 * socket with an expiry, so a page that goes quiet counts as offline. The room's `listeners`
 * topic is published only when what the panel shows changes (a new state, an offset moved by
 * `offsetStepMs` or more, a page gone quiet or gone), so steady pages re-run no query.
 */
export class SyncReports {
  private readonly nodeId = randomUUID();
  /** This node's sockets' last reports, by socket key. */
  private readonly told = new Map<string, Told>();
  private sweeper: NodeJS.Timeout | null = null;

  constructor(
    private readonly entries: ReportEntries,
    private readonly presence: Presence,
    private readonly publish: (topics: readonly string[]) => Promise<void>,
    private readonly onError: (error: unknown) => void = () => {},
    private readonly staleMs: number = LISTENER_LIMITS.reportStaleMs,
  ) {}

  start(): void {
    this.sweeper = setInterval(() => void this.sweep().catch(this.onError), this.staleMs / 3);
    this.sweeper.unref();
  }

  stop(): void {
    if (this.sweeper !== null) clearInterval(this.sweeper);
    this.sweeper = null;
    this.told.clear();
  }

  /** A page's report; ignored unless its socket is present in the room on this node. */
  async report(socketId: string, memberKey: string, report: ListenerReport): Promise<void> {
    const { roomId, state } = report;
    if (!this.presence.isIn(roomId, socketId)) return;
    const offsetMs = clampOffset(report.offsetMs);
    const key = this.keyOf(socketId, roomId);
    const now = Date.now();
    const stored: StoredReport = {
      socketId,
      memberKey,
      state,
      offsetMs,
      muted: report.muted ?? false,
      expiresAt: now + this.staleMs,
    };
    await this.entries.put(roomId, key, stored);
    const before = this.told.get(key);
    if (before && !shownChanged(before, stored)) {
      before.at = now;
      return;
    }
    this.told.set(key, { roomId, state, offsetMs, at: now });
    await this.publish([TOPICS.listeners(roomId)]);
  }

  /** The socket left the room (or every room, when none is named): its reports go with it. */
  async forget(socketId: string, roomId?: RoomId): Promise<void> {
    const prefix = `${this.nodeId}:${socketId}:`;
    const gone = [...this.told].filter(
      ([key, told]) => key.startsWith(prefix) && (!roomId || told.roomId === roomId),
    );
    await this.drop(gone);
  }

  /** Reports of a room that have not lapsed. */
  live(roomId: RoomId): Promise<StoredReport[]> {
    return this.entries.live(roomId, Date.now());
  }

  /** This node's pages that went quiet: gone from the store, and the panel told. */
  private async sweep(): Promise<void> {
    const now = Date.now();
    await this.drop([...this.told].filter(([, told]) => told.at + this.staleMs <= now));
  }

  private async drop(gone: readonly [string, Told][]): Promise<void> {
    if (gone.length === 0) return;
    const rooms = new Map<RoomId, string[]>();
    for (const [key, told] of gone) {
      this.told.delete(key);
      rooms.set(told.roomId, [...(rooms.get(told.roomId) ?? []), key]);
    }
    await Promise.all([...rooms].map(([roomId, keys]) => this.entries.drop(roomId, keys)));
    await this.publish([...rooms.keys()].map(TOPICS.listeners));
  }

  private keyOf(socketId: string, roomId: RoomId): string {
    return `${this.nodeId}:${socketId}:${roomId}`;
  }
}

function clampOffset(offsetMs: number | null): number | null {
  if (offsetMs === null || !Number.isFinite(offsetMs)) return null;
  const max = LISTENER_LIMITS.offsetMaxMs;
  return Math.round(Math.min(max, Math.max(-max, offsetMs)) * 10) / 10;
}

function shownChanged(before: Told, now: StoredReport): boolean {
  if (before.state !== now.state) return true;
  if ((before.offsetMs === null) !== (now.offsetMs === null)) return true;
  const moved = Math.abs((before.offsetMs ?? 0) - (now.offsetMs ?? 0));
  return moved >= LISTENER_LIMITS.offsetStepMs;
}
