import { clickShape, clickTrain, type ClickTrain } from './click-train';
import { findClicks, matchClicks } from './click-locate';
import { pairClicks } from './sync-figures';

/**
 * A check of the measuring itself, run before every measurement: a made-up recording of two
 * outputs whose offsets are known to a fraction of a sample (one of them quieter, both jumping
 * ahead halfway, as after a seek) must come out of the click finder with those offsets.
 */

const CHECK_TRAIN_S = 20;
/** Output A starts the train this many samples into the recording; B is this much later. */
const A_AT = 4_800.3;
const B_LATER = 96.55;
/** Halfway, both jump this many samples of the track ahead. */
const JUMP = 12_345.6;
const TOLERANCE_MS = 0.01;

/**
 * A made-up channel of one output: the train from `at`, and halfway the track jumps ahead (the
 * clicks it skips are never heard).
 */
function renderOutput(train: ClickTrain, at: number, gain: number, length: number): Float32Array {
  const channel = new Float32Array(length);
  const half = Math.floor(train.starts.length / 2);
  const jumpAt = at + train.starts[half]!;
  train.starts.forEach((start, index) => {
    const position = at + start - (index >= half ? JUMP : 0);
    if (index >= half && position < jumpAt) return;
    const whole = Math.floor(position);
    const shape = clickShape(train.sampleRate, position - whole);
    shape.forEach((value, i) => {
      if (whole + i >= 0 && whole + i < length) channel[whole + i] = gain * value;
    });
  });
  return channel;
}

/** Throws unless the made-up offsets are found again within 0.01 ms. */
export function checkClickFinder(): void {
  const train = clickTrain(CHECK_TRAIN_S, 7);
  const length = Math.round((CHECK_TRAIN_S + 1) * train.sampleRate);
  const a = renderOutput(train, A_AT, 1, length);
  const b = renderOutput(train, A_AT + B_LATER, 0.3, length);
  const find = (channel: Float32Array) =>
    matchClicks(findClicks(channel, train.shape, train.sampleRate), train.starts);
  const [heardA, heardB] = [find(a), find(b)];
  const pairs = pairClicks(heardA, heardB, train.sampleRate);
  const expectedMs = (-B_LATER / train.sampleRate) * 1000;
  const worst = Math.max(...pairs.map((pair) => Math.abs(pair.aMinusBMs - expectedMs)));
  // Clicks cut by the jump may be lost, no more than a few.
  const lost = train.starts.length - pairs.length;
  if (lost > 3 || !(worst <= TOLERANCE_MS)) {
    throw new Error(
      `the click finder is off: ${lost} clicks lost, worst error ${worst.toFixed(4)} ms`,
    );
  }
}
