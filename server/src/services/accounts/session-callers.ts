import type { UserId } from '@music-rooms/domain';

/** Who a session cookie names, as the database last said. */
export type KnownSession = { userId: UserId; sessionId: string };

type Entry = KnownSession & { trustedUntil: number };

export type SessionCallerTimings = {
  /** How long a lookup is believed before the database is asked again. */
  trustMs: number;
  /** How many cookies are remembered; the least recently used go first. */
  maxEntries: number;
};

/**
 * Who each session cookie belongs to, remembered for a short while, so that a signed-in
 * user's every request (the lists, each live update) does not cost a database lookup of
 * their session. Safe for the same reason realtime tokens are (session-revocations.ts): a
 * session that ends is announced on every node, and its cookie is forgotten at once; the
 * caller also asks `hasEnded` before believing an entry, which covers a lookup that was
 * under way while its session ended. A session never outlives its expiry here either.
 */
export class SessionCallers {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly timings: SessionCallerTimings) {}

  /** The session behind the cookie, while it is still believed. */
  get(cookie: string, now = Date.now()): KnownSession | null {
    const entry = this.entries.get(cookie);
    if (!entry) return null;
    this.entries.delete(cookie);
    if (entry.trustedUntil <= now) return null;
    // Most recently used last, so that eviction takes the least used.
    this.entries.set(cookie, entry);
    return { userId: entry.userId, sessionId: entry.sessionId };
  }

  /** Remembers what the database said of the cookie; `expiresAt` is the session's end. */
  remember(cookie: string, session: KnownSession, expiresAt: number, now = Date.now()): void {
    const trustedUntil = Math.min(now + this.timings.trustMs, expiresAt);
    this.entries.delete(cookie);
    this.entries.set(cookie, { ...session, trustedUntil });
    if (this.entries.size <= this.timings.maxEntries) return;
    const oldest = this.entries.keys().next().value;
    if (oldest !== undefined) this.entries.delete(oldest);
  }

  /** Forgets the cookies of sessions that ended. */
  forgetSessions(sessionIds: readonly string[]): void {
    const ended = new Set(sessionIds);
    for (const [cookie, entry] of this.entries)
      if (ended.has(entry.sessionId)) this.entries.delete(cookie);
  }

  /** Forgets one cookie (signed out, or signed in anew on this request). */
  forget(cookie: string): void {
    this.entries.delete(cookie);
  }

  clear(): void {
    this.entries.clear();
  }
}
