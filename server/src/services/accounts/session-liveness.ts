import type { UserId } from '@music-rooms/domain';

/** Whose a session is and until when. */
export type SessionLifetime = { userId: UserId; expiresAt: Date };

/** Reads a session by its row id; null when there is no such row (it ended). */
export type SessionLookup = (sessionId: string) => Promise<SessionLifetime | null>;

export type LivenessTimings = {
  /**
   * How long a session found live is believed without asking the database again. Ends are
   * announced to every node at once; this bounds how long a lost announcement goes unnoticed.
   */
  trustMs: number;
  /** How long an announced end is remembered: longer than a token issued for the session lives. */
  rememberEndedMs: number;
};

type Believed = { userId: UserId; expiresAt: number; until: number };

/**
 * One node's knowledge of which sign-in sessions are live, for the realtime tokens that name
 * them. A session read live from the database is believed for a short while; one announced
 * ended (by any node) is refused at once, and its end outranks a read that was under way when
 * the announcement came, so a race cannot bring it back.
 */
export class SessionLiveness {
  private readonly believed = new Map<string, Believed>();
  /** Session id → when to forget that it ended. */
  private readonly ended = new Map<string, number>();
  /** Reads under way, shared by the checks that want the same session at once. */
  private readonly reading = new Map<string, Promise<SessionLifetime | null>>();

  constructor(
    private readonly lookUp: SessionLookup,
    private readonly timings: LivenessTimings,
  ) {}

  /**
   * When the user's session ends (epoch ms), or null when it has ended, expired, or is not
   * theirs. Costs a map look-up, or one read by primary key when the session is not believed.
   */
  async liveUntil(sessionId: string, userId: UserId, now = Date.now()): Promise<number | null> {
    if (this.hasEnded(sessionId)) return null;
    let known = this.believed.get(sessionId);
    if (!known || known.until <= now || known.expiresAt <= now) {
      const found = await this.read(sessionId);
      // Announced while the read was under way: the announcement wins.
      if (this.hasEnded(sessionId)) return null;
      if (!found) {
        this.believed.delete(sessionId);
        return null;
      }
      known = {
        userId: found.userId,
        expiresAt: found.expiresAt.getTime(),
        until: now + this.timings.trustMs,
      };
      this.believed.set(sessionId, known);
    }
    return known.userId === userId && known.expiresAt > now ? known.expiresAt : null;
  }

  /** Whether the session was announced ended (without asking the database). */
  hasEnded(sessionId: string): boolean {
    return this.ended.has(sessionId);
  }

  /** Sessions announced ended, on this node or another. */
  end(sessionIds: readonly string[], now = Date.now()): void {
    for (const id of sessionIds) {
      this.believed.delete(id);
      this.ended.set(id, now + this.timings.rememberEndedMs);
    }
  }

  /** Forgets what is no longer worth keeping; run now and then. */
  prune(now = Date.now()): void {
    for (const [id, known] of this.believed) {
      if (known.until <= now || known.expiresAt <= now) this.believed.delete(id);
    }
    for (const [id, forgetAt] of this.ended) if (forgetAt <= now) this.ended.delete(id);
  }

  clear(): void {
    this.believed.clear();
    this.ended.clear();
  }

  private read(sessionId: string): Promise<SessionLifetime | null> {
    const under = this.reading.get(sessionId);
    if (under) return under;
    const read = this.lookUp(sessionId).finally(() => this.reading.delete(sessionId));
    this.reading.set(sessionId, read);
    return read;
  }
}
