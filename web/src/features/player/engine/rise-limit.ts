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
 */

/** The rise followed at once: the stamps' own wobble. */
const BAND_S = 0.001;
/** How fast the mapping may rise: faster than any output clock drifts (about 300 ppm). */
const DRIFT_PER_S = 0.0004;
/** A rise that holds steady this long is real. */
const STEADY_MS = 8000;
/** Steady: within this much, all that time. */
const STEADY_SPREAD_S = 0.002;

type Point = { mapping: number; at: number };

export class RiseLimit {
  /** The mapping followed so far: it rises no faster than a clock drifts. */
  private floor: Point | null = null;
  private recent: Point[] = [];

  /** A new mapping (context seconds minus page seconds) at page time `at` (ms). */
  add(mapping: number, at: number): void {
    this.recent = [...this.recent, { mapping, at }].filter((p) => at - p.at <= STEADY_MS);
    if (this.floor === null || this.steady()) {
      this.floor = { mapping, at };
      return;
    }
    const drifted = this.floor.mapping + (DRIFT_PER_S * (at - this.floor.at)) / 1000;
    this.floor = { mapping: Math.min(mapping, drifted), at };
  }

  /** `mapping`, held to what the followed mapping allows. */
  limit(mapping: number): number {
    return this.floor === null ? mapping : Math.min(mapping, this.floor.mapping + BAND_S);
  }

  reset(): void {
    this.floor = null;
    this.recent = [];
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
