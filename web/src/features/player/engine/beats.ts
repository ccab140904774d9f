import { positionAtTime, timeOfPosition, type Timeline } from './timeline';

/** A beat of the room's timeline: the context time its sound must start at, and when it is heard. */
export type Beat = {
  /** AudioContext seconds. */
  contextTime: number;
  /** Page time (`performance.now()` ms) at which a sound started then is heard. */
  heardAt: number;
};

/** The multiples of `step` within [from, until). */
export function multiplesBetween(from: number, until: number, step: number): number[] {
  const values: number[] = [];
  for (let k = Math.ceil(from / step); k * step < until; k++) values.push(k * step);
  return values;
}

/**
 * The context times within [from, until) at which the playing music's positions cross a
 * multiple of `periodS`: where its own schedule (nudges and all) puts them.
 */
export function musicBeats(timeline: Timeline, periodS: number, from: number, until: number) {
  const positions = multiplesBetween(
    positionAtTime(timeline, from),
    positionAtTime(timeline, until),
    periodS,
  );
  return positions.map((position) => timeOfPosition(timeline, position));
}
