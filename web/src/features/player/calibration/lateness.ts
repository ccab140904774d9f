import type { CalibrationPlan } from '@music-rooms/domain/room-sounds';
import { median } from '../engine/median';

/** One chirp of a round: the server instant it was to be heard, and where it was heard (ms). */
export type HeardChirp = { at: number; heardMs: number | null };

/** What a round found out about this device. */
export type RoundOutcome =
  | { kind: 'measured'; latenessMs: number; devices: number }
  /** No other page of the room plays in sync: there is nothing to compare with. */
  | { kind: 'alone' }
  /** This device's own chirp, or every other device's, was not found in the recording. */
  | { kind: 'notHeard'; whose: 'own' | 'others' };

/**
 * How late this device sounds compared with the others (pure): its own chirp's arrival less its
 * instant, less the median of the same over the other devices. Only differences of arrivals in
 * one recording count, so the microphone's own input latency and when the recording began
 * cancel out. A chirp not found is left out; without one's own or any other, nothing is said.
 */
export function roundOutcome(own: HeardChirp, others: readonly HeardChirp[]): RoundOutcome {
  if (others.length === 0) return { kind: 'alone' };
  if (own.heardMs === null) return { kind: 'notHeard', whose: 'own' };
  const heard = others.filter(
    (chirp): chirp is { at: number; heardMs: number } => chirp.heardMs !== null,
  );
  if (heard.length === 0) return { kind: 'notHeard', whose: 'others' };
  const othersLate = median(heard.map(({ at, heardMs }) => heardMs - at));
  return { kind: 'measured', latenessMs: own.heardMs - own.at - othersLate, devices: heard.length };
}

/** The plan's chirps with where each was found in the recording (`find` answers ms or null). */
export function heardChirps(
  plan: CalibrationPlan,
  find: (chirp: number) => number | null,
): { own: HeardChirp; others: HeardChirp[] } {
  const heard = ({ at, chirp }: { at: number; chirp: number }) => ({ at, heardMs: find(chirp) });
  return { own: heard(plan.own), others: plan.others.map(heard) };
}

/**
 * Rounds a calibration listens for at most. One round now and then is far off (seen: 40 and
 * 86 ms, where the rounds before and after agreed within a millisecond): the median of three
 * leaves such a round out.
 */
export const MAX_ROUNDS = 3;
/** Two rounds that agree this closely (ms) need no third. */
export const ROUNDS_AGREE_MS = 2;

type Measured = Extract<RoundOutcome, { kind: 'measured' }>;

/**
 * Whether a calibration listens for another round after these outcomes: until two measured
 * rounds agree, or `MAX_ROUNDS` have been listened for. A round that could not measure
 * (`alone`, `notHeard`) ends it: the next would most likely meet the same.
 */
export function wantsAnotherRound(outcomes: readonly RoundOutcome[]): boolean {
  if (outcomes.length >= MAX_ROUNDS || outcomes.some(({ kind }) => kind !== 'measured')) {
    return false;
  }
  const measured = outcomes as readonly Measured[];
  if (measured.length < 2) return true;
  const [first, second] = measured.map(({ latenessMs }) => latenessMs);
  return Math.abs(first! - second!) > ROUNDS_AGREE_MS;
}

/**
 * What the rounds together found (pure): the median lateness of the measured ones (of two, their
 * mean); when none measured, the first round's reason.
 */
export function combinedOutcome(outcomes: readonly RoundOutcome[]): RoundOutcome {
  const measured = outcomes.filter((outcome): outcome is Measured => outcome.kind === 'measured');
  if (measured.length === 0) return outcomes[0] ?? { kind: 'alone' };
  return {
    kind: 'measured',
    latenessMs: median(measured.map(({ latenessMs }) => latenessMs)),
    devices: Math.max(...measured.map(({ devices }) => devices)),
  };
}
