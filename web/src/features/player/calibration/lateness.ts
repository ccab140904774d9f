import type { CalibrationPlan } from '@music-rooms/domain/room-sounds';

/** One chirp of a round: the server instant it was to be heard, and where it was heard (ms). */
export type HeardChirp = { at: number; heardMs: number | null };

/** What a round found out about this device. */
export type RoundOutcome =
  | { kind: 'measured'; latenessMs: number; devices: number }
  /** No other page of the room plays in sync: there is nothing to compare with. */
  | { kind: 'alone' }
  /** This device's own chirp, or every other device's, was not found in the recording. */
  | { kind: 'notHeard'; whose: 'own' | 'others' };

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

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
