import { CALIBRATION, type CalibrationPlan, type CalibrationSlot } from '@music-rooms/domain';

/** A page that may chirp in a round: its socket and how it last said it plays along. */
export type RoundCandidate = { socketId: string; state: string; muted?: boolean };

/** A round: the plan the listening page is answered, and the chirp each other page is told. */
export type CalibrationRound = {
  plan: CalibrationPlan;
  cues: { socketId: string; slot: CalibrationSlot }[];
};

/**
 * Plans a calibration round (pure): the listening page's own chirp first, then up to
 * `maxOthers` pages that play in sync, each its own chirp and instant, `spacingMs` apart. Only
 * pages in sync take part: a page still finding its place would chirp at the wrong instant. A
 * muted page is left out: it plays no room sound, and a chirp planned for it would be missed.
 */
export function calibrationRound(
  now: number,
  ownSocketId: string,
  candidates: readonly RoundCandidate[],
): CalibrationRound {
  const others = [
    ...new Set(
      candidates
        .filter(
          ({ socketId, state, muted }) =>
            state === 'inSync' && muted !== true && socketId !== ownSocketId,
        )
        .map(({ socketId }) => socketId),
    ),
  ].slice(0, CALIBRATION.maxOthers);
  const slotAt = (index: number): CalibrationSlot => ({
    at: now + CALIBRATION.leadMs + index * CALIBRATION.spacingMs,
    chirp: index % CALIBRATION.chirps,
  });
  const cues = others.map((socketId, index) => ({ socketId, slot: slotAt(index + 1) }));
  return { plan: { own: slotAt(0), others: cues.map(({ slot }) => slot) }, cues };
}
