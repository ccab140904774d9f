/**
 * Finding a click train in a recording: where each click sounded (to a fraction of a sample,
 * by cross-correlating the click's known shape around it) and which click of the track it is
 * (by the irregular gaps around it). Pure functions over samples.
 */

/** Below this share of the loudest sample, a sample is not the start of a click. */
const THRESHOLD = 0.3;
/** After a click, nothing new starts for this long (the train's gaps are far longer). */
const REFRACTORY_S = 0.1;
/** Gaps compared to name a click: enough that a chance match of all of them is negligible. */
const GAPS = 5;
/** How far a gap may differ from the track's: a rate nudge (up to 2 %) stretches it. */
const GAP_TOLERANCE = 0.025;
const GAP_SLACK_SAMPLES = 48;

/** Correlation of the shape with the recording when the shape starts at sample `lag`. */
function correlationAt(channel: ArrayLike<number>, shape: Float32Array, lag: number): number {
  let sum = 0;
  for (let i = 0; i < shape.length; i += 1) sum += (channel[lag + i] ?? 0) * shape[i]!;
  return sum;
}

/**
 * The lag near `around` where the shape fits best, refined between samples by a parabola
 * through the peak and its neighbours.
 */
export function bestLag(
  channel: ArrayLike<number>,
  shape: Float32Array,
  from: number,
  to: number,
): number {
  let best = from;
  let bestValue = -Infinity;
  for (let lag = from; lag <= to; lag += 1) {
    const value = correlationAt(channel, shape, lag);
    if (value > bestValue) [best, bestValue] = [lag, value];
  }
  const before = correlationAt(channel, shape, best - 1);
  const after = correlationAt(channel, shape, best + 1);
  const curve = before - 2 * bestValue + after;
  return curve < 0 ? best + (0.5 * (before - after)) / curve : best;
}

function loudest(channel: ArrayLike<number>): number {
  let peak = 0;
  for (let i = 0; i < channel.length; i += 1) peak = Math.max(peak, Math.abs(channel[i]!));
  return peak;
}

/** The start of every click heard in a channel, in (fractional) samples. */
export function findClicks(
  channel: ArrayLike<number>,
  shape: Float32Array,
  sampleRate: number,
): number[] {
  const threshold = THRESHOLD * loudest(channel);
  if (threshold === 0) return [];
  const found: number[] = [];
  const refractory = Math.round(REFRACTORY_S * sampleRate);
  for (let i = 0; i < channel.length; i += 1) {
    if (Math.abs(channel[i]!) < threshold) continue;
    // The first loud sample lies inside the click: its start is up to one click earlier.
    const at = bestLag(channel, shape, Math.max(1, i - shape.length), i);
    found.push(at);
    i = Math.ceil(at) + refractory;
  }
  return found;
}

/** A click heard at `at` (recording samples) that is click `index` of the track. */
export type MatchedClick = { at: number; index: number };

const gapFits = (heard: number, known: number) =>
  Math.abs(heard - known) <= known * GAP_TOLERANCE + GAP_SLACK_SAMPLES;

/** Whether heard clicks from `i` on have the gaps of the track's clicks from `j` on. */
function fitsFrom(found: readonly number[], i: number, known: readonly number[], j: number) {
  for (let k = 0; k < GAPS; k += 1) {
    const heard = found[i + k + 1];
    const expected = known[j + k + 1];
    if (heard === undefined || expected === undefined) return false;
    if (!gapFits(heard - found[i + k]!, expected - known[j + k]!)) return false;
  }
  return true;
}

/**
 * Which track click each heard click is: the one after the previous click's match when the gap
 * fits (music that plays on), else the only place in the track whose next gaps all fit (music
 * that jumped). Clicks that fit nowhere are left out.
 */
export function matchClicks(found: readonly number[], known: readonly number[]): MatchedClick[] {
  const matched: MatchedClick[] = [];
  let previous: { i: number; index: number } | null = null;
  for (let i = 0; i < found.length; i += 1) {
    let index = -1;
    if (previous && previous.i === i - 1) {
      const next = previous.index + 1;
      const known1 = known[next];
      if (known1 !== undefined && gapFits(found[i]! - found[i - 1]!, known1 - known[next - 1]!)) {
        index = next;
      }
    }
    if (index < 0) index = known.findIndex((_, j) => fitsFrom(found, i, known, j));
    if (index < 0) continue;
    matched.push({ at: found[i]!, index });
    previous = { i, index };
  }
  return matched;
}
