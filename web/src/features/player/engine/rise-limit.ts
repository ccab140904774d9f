/**
 * Holds back output stamps that claim the music is suddenly heard earlier.
 *
 * Measured in the player-sync bench: when a second page started its output on the same sound
 * server, the first page's stamps rose by 36 ms within 3 s and took 10 s to come back, while its
 * speaker played on steadily; the page followed them and played 17 ms late for seconds. Music
 * cannot be heard earlier than it was without skipping some, and an output clock drifts from the
 * page's by a few hundred ppm at most. So a fall (an underrun: the music really is heard later)
 * is followed at once, and a rise beyond a small band only as fast as a clock can drift, or at
 * once when it has held steady for a while (a new output device with a shorter delay, say).
 *
 * A rise back to where the mapping stood shortly before is followed at once too: the stamps dip
 * while the machine is busy (seen: the page knocked 25–43 ms late while another page loaded,
 * the stamps deeper still for a moment). The music cannot be heard earlier than it was, but it
 * can be heard where it was before the dip: held back, the dip's recovery would leave the page
 * playing that much early for as long as the rise waits to be steady.
 */

/** The rise followed at once: the stamps' own wobble. */
const BAND_S = 0.001;
/** How fast the mapping may rise: faster than any output clock drifts (about 300 ppm). */
const DRIFT_PER_S = 0.0004;
/** A rise that holds steady this long is real. */
const STEADY_MS = 8000;
/** Steady: within this much, all that time. */
const STEADY_SPREAD_S = 0.002;
/** How long the level before a dip may be come back to at once. */
const RECOVER_MS = 10_000;

type Point = { mapping: number; at: number };

export class RiseLimit {
  /** The mapping followed so far: it rises no faster than a clock drifts. */
  private floor: Point | null = null;
  private recent: Point[] = [];
  /** The mappings followed lately: a dip may come back up to them at once. */
  private followed: Point[] = [];

  /** A new mapping (context seconds minus page seconds) at page time `at` (ms). */
  add(mapping: number, at: number): void {
    this.recent = [...this.recent, { mapping, at }].filter((p) => at - p.at <= STEADY_MS);
    if (this.floor === null || this.steady()) {
      this.follow({ mapping, at });
      return;
    }
    const drifted = this.floor.mapping + (DRIFT_PER_S * (at - this.floor.at)) / 1000;
    const before = Math.max(...this.followed.map((p) => p.mapping));
    this.follow({ mapping: Math.min(mapping, Math.max(drifted, before)), at });
  }

  /** `mapping`, held to what the followed mapping allows. */
  limit(mapping: number): number {
    return this.floor === null ? mapping : Math.min(mapping, this.floor.mapping + BAND_S);
  }

  reset(): void {
    this.floor = null;
    this.recent = [];
    this.followed = [];
  }

  private follow(point: Point): void {
    this.floor = point;
    this.followed = [...this.followed, point].filter((p) => point.at - p.at <= RECOVER_MS);
  }

  /** The recent mappings cover the steady time and lie within the steady spread. */
  private steady(): boolean {
    const first = this.recent[0];
    const last = this.recent.at(-1);
    if (!first || !last || last.at - first.at < STEADY_MS * 0.9) return false;
    const values = this.recent.map((p) => p.mapping);
    return Math.max(...values) - Math.min(...values) <= STEADY_SPREAD_S;
  }
}
