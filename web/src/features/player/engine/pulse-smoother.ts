/**
 * The clock with which PulseAudio's client library (libpulse 15+, also under PipeWire's
 * PulseAudio server) answers a stream's latency between the sound server's timing updates:
 * `pa_smoother_2` in its `time-smoother_2.c`, here step for step for a stream that plays on (no
 * pause). Chromium on Linux reads that latency at every output callback, so each output stamp is
 * the smoother's card time at that instant: `get(t) − t` is the stamp's mapping, up to a
 * constant. Times and card positions in microseconds.
 *
 * Each timing update is one measurement of where the card is. The smoother takes the first as
 * its anchor and estimates the card's rate from the measurements through two low-pass filters;
 * between updates the card time is the anchor plus rate × time since. So a first measurement
 * that is off stays in the stamps for seconds, and one made while the machine stalled pulls
 * them away for as long, while every measurement itself lies where the music is.
 */

/** The library's window (`SMOOTHER_HISTORY_TIME`). */
const WINDOW_US = 5_000_000;
/** Updates this soon after the first are ignored by the library. */
const SETTLE_US = 100_000;

export class PulseSmoother {
  private started = false;
  private driftFilter = 1;
  private driftFilter1 = 1;
  /** Card time per system time, as estimated. */
  private timeFactor = 1;
  private startPos = 0;
  private startTime = 0;
  private firstTime = 0;
  private lastTime = 0;
  private timeFactorVariance = 10_000;
  private kalmanVariance = 10_000_000;
  private timeVariance = 100_000;

  /** A copy that can be fed on without touching this one. */
  clone(): PulseSmoother {
    return Object.assign(new PulseSmoother(), this);
  }

  /** One timing update: the card was at `card` at system time `at`. */
  put(at: number, card: number): void {
    if (!this.started) {
      Object.assign(this, { startPos: card, startTime: at, firstTime: at, lastTime: at });
      this.started = true;
      return;
    }
    const iteration = at - this.lastTime;
    if (iteration <= 0 || at < this.firstTime + SETTLE_US) return;
    const systemDelta = at - this.startTime;
    const measured = card - this.startPos;
    const expected = systemDelta * this.timeFactor;
    this.timeVariance = 0.9 * this.timeVariance + 0.1 * (measured - expected) ** 2;
    const cardDelta = this.timeFactorVariance < 100 ? this.kalman(measured, expected) : measured;
    this.filter(iteration, cardDelta / systemDelta);
    if (at > this.firstTime + WINDOW_US) {
      this.startPos += ((card - this.startPos) / (at - this.startTime)) * iteration;
      this.startTime += iteration;
    }
    this.lastTime = at;
  }

  /**
   * The card time the library answers at system time `at` (it rounds to whole microseconds,
   * which the stamps' own noise of tens of microseconds hides).
   */
  get(at: number): number {
    return this.startPos + (at - this.startTime) * this.timeFactor;
  }

  /** Once the rate has converged, a measurement is weighed against the prediction. */
  private kalman(measured: number, expected: number): number {
    const { kalmanVariance: k, timeVariance: v } = this;
    this.kalmanVariance = (k * v) / (k + v) + v / 4 + 500;
    return (measured * k + expected * v) / (k + v);
  }

  /** The library's second-order low-pass of the rate, and a third filter on top. */
  private filter(iteration: number, ratio: number): void {
    const tau = WINDOW_US / 6.2831853;
    const fast = iteration / (iteration + tau / 8);
    const slow = iteration / (iteration + tau);
    const before = this.timeFactor;
    const drift = (this.driftFilter1 + 1) * (1.5 - ratio);
    this.driftFilter = (1 - fast) * this.driftFilter + fast * drift;
    this.driftFilter1 = (1 - fast) * this.driftFilter1 + fast * this.driftFilter;
    const target = (this.driftFilter1 + 3) / (this.driftFilter1 + 1) / 2;
    this.timeFactor = (1 - slow) * this.timeFactor + slow * target;
    const change = ((this.timeFactor - before) / iteration) * 1e13;
    this.timeFactorVariance = (1 - slow) * this.timeFactorVariance + slow * change * change;
  }
}
