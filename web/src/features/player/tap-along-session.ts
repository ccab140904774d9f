import type { SyncEngine } from './engine/sync-engine';
import { playClick } from './click-sound';
import { TAP_PERIOD_MS, proposeDelay, tapOffset, type TapProposal } from './tap-along';

/** Clicks are scheduled this far ahead, topped up this often. */
const AHEAD_S = 1;
const TOP_UP_MS = 200;
/** The clicks remembered: a tap answers one of the last few. */
const KEPT_CLICKS = 16;

/**
 * One round of tapping along: a click on each beat of the room's timeline through the player's
 * AudioContext (so heard with the music's timing and the delay in use), and the gap of each tap
 * to the click it answers.
 */
export class TapAlongSession {
  private clicks: number[] = [];
  private lastClick = -Infinity;
  private offsets: number[] = [];
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly engine: SyncEngine,
    private readonly onTap: () => void,
  ) {}

  start(): void {
    this.topUp();
    this.timer ??= setInterval(() => this.topUp(), TOP_UP_MS);
  }

  stop(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }

  /** A tap at page time `at` (ms); one before the first click is not counted. */
  tap(at: number): void {
    const offset = tapOffset(at, this.clicks);
    if (offset === null) return;
    this.offsets = [...this.offsets, offset];
    this.onTap();
  }

  get taps(): number {
    return this.offsets.length;
  }

  proposal(currentDelayMs: number): TapProposal {
    return proposeDelay(this.offsets, currentDelayMs);
  }

  /** The page times (ms) at which the clicks scheduled so far should be heard. */
  clicksHeardAt(): readonly number[] {
    return this.clicks;
  }

  private topUp(): void {
    const context = this.engine.outputContext();
    if (!context) return;
    const periodS = TAP_PERIOD_MS / 1000;
    for (const beat of this.engine.beats(periodS, AHEAD_S)) {
      // A beat already clicked (the timeline is read anew each time) is not clicked again.
      if (beat.contextTime < this.lastClick + periodS / 2) continue;
      playClick(context, beat.contextTime);
      this.lastClick = beat.contextTime;
      this.clicks = [...this.clicks, beat.heardAt].slice(-KEPT_CLICKS);
    }
  }
}
