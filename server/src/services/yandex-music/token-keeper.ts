/**
 * The person's tokens of the imports this process runs, in its memory only: never in the
 * database, a job row, a file or the log. An import's token is forgotten when the import has
 * nothing left to download, when it is cancelled, and at the latest `ttlMs` after it was last
 * handed over. A process that stops forgets them all; its unfinished tracks then need the token
 * again (imports.ts marks them so).
 */
export class TokenKeeper {
  private readonly tokens = new Map<string, { token: string; until: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  keep(importId: string, token: string): void {
    this.tokens.set(importId, { token, until: this.now() + this.ttlMs });
  }

  tokenOf(importId: string): string | null {
    const kept = this.tokens.get(importId);
    if (!kept) return null;
    if (kept.until <= this.now()) {
      this.tokens.delete(importId);
      return null;
    }
    return kept.token;
  }

  forget(importId: string): void {
    this.tokens.delete(importId);
  }

  /** How many imports this process holds a token for (tests and health). */
  get size(): number {
    return this.tokens.size;
  }

  forgetAll(): void {
    this.tokens.clear();
  }
}
