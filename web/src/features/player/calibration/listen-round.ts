import type { CalibrationPlan } from '@music-rooms/domain/room-sounds';
import { outputDelays, type OutputDelay } from '../output-delay';
import { outputKeyOf } from '../output-key';
import { playAtServerInstant, type InstantSoundOutput } from '../room-sounds/instant-sound';
import { chirpSound } from '../room-sounds/room-sound-player';
import { chirpSamples } from '../room-sounds/sound-shapes';
import { findChirp } from './chirp-detect';
import {
  combinedOutcome,
  heardChirps,
  roundOutcome,
  wantsAnotherRound,
  type RoundOutcome,
} from './lateness';
import {
  MicrophoneRefusal,
  openMicrophone,
  recordMicrophone,
  type RecordedSound,
} from './microphone';

/**
 * The recording goes on this long after the last chirp's instant: a device may sound that much
 * later (the most delay an output is given, and the chirp itself).
 */
const LISTEN_AFTER_MS = 650;

/**
 * How long a round waits for this device's output to settle (a new output's stamps slide for
 * 5–15 s) before it listens anyway: a chirp placed while it settles is off by as much as the
 * output is (seen: 9 ms), and the correction would carry that error for good.
 */
const SETTLE_WAIT_MS = 6000;
/**
 * A calibration ends within this long of the microphone opening: a round that would end later
 * (after a long wait for the output to settle) is not started, and the rounds heard so far count.
 */
const CALIBRATION_BUDGET_MS = 9500;
const SETTLE_POLL_MS = 100;

/** What calibrating needs: the player, the server's clock, and the way to ask for a round. */
export type RoundDeps = {
  output: InstantSoundOutput;
  /** Whether the output's timing is still being learnt (`SyncEngine.outputSettling`). */
  outputSettling: () => boolean;
  /** Told when the round starts and stops waiting for the output to settle (the control says so). */
  onSettling?: (settling: boolean) => void;
  localTimeOf: (serverMs: number) => number | null;
  askForRound: () => Promise<CalibrationPlan>;
};

/** How a calibration ended, as the control says it. */
export type CalibrationResult =
  | Exclude<RoundOutcome, { kind: 'measured' }>
  | { kind: 'corrected'; latenessMs: number; output: string; previous: OutputDelay }
  | { kind: 'denied' }
  | { kind: 'noMicrophone' }
  /** The player has no running audio or no clock yet: nothing can be placed in time. */
  | { kind: 'notReady' };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/**
 * Where a chirp due at an instant may be found, from that instant: a device may sound early by
 * as much as its delay is set too high, or late by up to the most delay an output is given; the
 * recording's start is known only within a buffer and the microphone's latency.
 */
const SEARCH_MS = { before: 250, after: 650 };

/** Where each chirp of the plan was heard in the recording (ms from its start), or null. */
function findChirps(
  plan: CalibrationPlan,
  { samples, sampleRate, startedAt }: RecordedSound,
  localTimeOf: (serverMs: number) => number | null,
) {
  const sampleOf = (pageMs: number) => ((pageMs - startedAt) / 1000) * sampleRate;
  const slots = [plan.own, ...plan.others];
  return heardChirps(plan, (chirp) => {
    const local = localTimeOf(slots.find((slot) => slot.chirp === chirp)!.at);
    const within =
      local === null
        ? undefined
        : {
            from: sampleOf(local - SEARCH_MS.before),
            to: sampleOf(local + SEARCH_MS.after),
          };
    const found = findChirp(samples, chirpSamples(chirp, sampleRate), within);
    return found && (found.sample / sampleRate) * 1000;
  });
}

/**
 * Calibrates this device: once its output's timing is known (`untilSettled`), listens for up to
 * `MAX_ROUNDS` rounds (`wantsAnotherRound`, within `CALIBRATION_BUDGET_MS`), in each recording
 * the microphone while it plays its own chirp and the room's pages in sync play theirs, and
 * corrects this output's delay by how late this device sounded in them (`combinedOutcome`).
 * Nothing recorded is kept or sent anywhere; the microphone is closed when the last round ends.
 */
export async function calibrateByListening(deps: RoundDeps): Promise<CalibrationResult> {
  const context = deps.output.outputContext();
  if (context?.state !== 'running') return { kind: 'notReady' };
  let stream: MediaStream;
  try {
    stream = await openMicrophone();
  } catch (error) {
    if (error instanceof MicrophoneRefusal) {
      return { kind: error.reason === 'denied' ? 'denied' : 'noMicrophone' };
    }
    throw error;
  }
  const outcomes: RoundOutcome[] = [];
  const deadline = performance.now() + CALIBRATION_BUDGET_MS;
  try {
    await untilSettled(deps);
    let roundMs = 0;
    do {
      const startedAt = performance.now();
      const outcome = await oneRound(deps, context, stream);
      if (outcome === 'notReady') return { kind: 'notReady' };
      outcomes.push(outcome);
      roundMs = performance.now() - startedAt;
    } while (wantsAnotherRound(outcomes) && performance.now() + roundMs <= deadline);
  } finally {
    stream.getTracks().forEach((track) => track.stop());
  }
  const outcome = combinedOutcome(outcomes);
  if (outcome.kind !== 'measured') return outcome;
  const output = outputKeyOf(context);
  const previous = outputDelays.get(output);
  outputDelays.set(output, { ms: previous.ms + outcome.latenessMs, source: 'calibrated' });
  return { kind: 'corrected', latenessMs: outcome.latenessMs, output, previous };
}

/**
 * One round: records the microphone for the round only, plays this device's chirp while the
 * others play theirs, and finds every chirp in the recording.
 */
async function oneRound(
  deps: RoundDeps,
  context: AudioContext,
  stream: MediaStream,
): Promise<RoundOutcome | 'notReady'> {
  const recording = recordMicrophone(context, stream);
  let heard: RecordedSound;
  let plan: CalibrationPlan;
  try {
    plan = await deps.askForRound();
    if (plan.others.length === 0) return { kind: 'alone' };
    if (!playAtServerInstant(deps.output, plan.own.at, chirpSound(plan.own.chirp))) {
      return 'notReady';
    }
    const last = Math.max(...plan.others.map(({ at }) => at));
    const endsAt = deps.localTimeOf(last + LISTEN_AFTER_MS);
    if (endsAt === null) return 'notReady';
    await sleep(endsAt - performance.now());
  } finally {
    heard = recording.stop();
  }
  return roundOutcome(...spread(findChirps(plan, heard, deps.localTimeOf)));
}

/** Waits, up to `SETTLE_WAIT_MS`, until the output's timing is known. */
async function untilSettled({ outputSettling, onSettling }: RoundDeps): Promise<void> {
  if (!outputSettling()) return;
  onSettling?.(true);
  const giveUpAt = performance.now() + SETTLE_WAIT_MS;
  while (outputSettling() && performance.now() < giveUpAt) await sleep(SETTLE_POLL_MS);
  onSettling?.(false);
}

const spread = ({ own, others }: ReturnType<typeof heardChirps>) => [own, others] as const;

/** Puts back the delay a calibration replaced on that output. */
export function undoCalibration(output: string, previous: OutputDelay): void {
  outputDelays.set(output, previous);
}
