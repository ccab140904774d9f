/** Tracks added to a room while its tab was hidden, told as one notice. */
export type AddedBatch = { count: number; names: string[] };

/** The batch is told once no more tracks came for this long (a batch upload ends)... */
export const BATCH_QUIET_MS = 4000;
/** ...or this long after its first track, for a batch that keeps going. */
export const BATCH_MAX_MS = 30_000;

/**
 * Gathers additions into batches: each upload or import tells its own tracks, and someone
 * dropping twenty files should make one notice, not twenty. A batch is told when the additions
 * pause (BATCH_QUIET_MS) or have run for BATCH_MAX_MS; `drop()` forgets it (the tab was shown,
 * so the person sees the tracks themselves).
 */
export class AddedBatcher {
  private batch: AddedBatch | null = null;
  private quiet: ReturnType<typeof setTimeout> | null = null;
  private longest: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly tell: (batch: AddedBatch) => void) {}

  /** Someone (by name; null for an unnamed person) added `count` tracks. */
  add(count: number, name: string | null): void {
    if (count <= 0) return;
    const batch = (this.batch ??= { count: 0, names: [] });
    batch.count += count;
    if (name && !batch.names.includes(name)) batch.names.push(name);
    if (this.quiet) clearTimeout(this.quiet);
    this.quiet = setTimeout(() => this.flush(), BATCH_QUIET_MS);
    this.longest ??= setTimeout(() => this.flush(), BATCH_MAX_MS);
  }

  /** Forgets the batch being gathered, untold. */
  drop(): void {
    if (this.quiet) clearTimeout(this.quiet);
    if (this.longest) clearTimeout(this.longest);
    this.quiet = null;
    this.longest = null;
    this.batch = null;
  }

  private flush(): void {
    const batch = this.batch;
    this.drop();
    if (batch) this.tell(batch);
  }
}
