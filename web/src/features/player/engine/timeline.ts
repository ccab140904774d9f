/**
 * Where the music is on the audio clock: pure math, no Web Audio. The engine lays the tracks it
 * plays end to end on one "program" axis (the current track from 0, the next one from where the
 * current one ends), and keeps a timeline of anchors that say which program position is heard
 * at which AudioContext time. Everything it schedules is derived from that timeline, so the
 * position it reports is the position it scheduled.
 */

/** From context time `at` on (until the next anchor), position = `position + (t − at) × rate`. */
export type Anchor = { at: number; position: number; rate: number };

/** Anchors in increasing `at`; never empty. */
export type Timeline = readonly [Anchor, ...Anchor[]];

/** The anchor in force at context time `t` (the first one before it starts). */
function anchorAt(timeline: Timeline, t: number): Anchor {
  let current = timeline[0];
  for (const anchor of timeline) {
    if (anchor.at <= t) current = anchor;
    else break;
  }
  return current;
}

/** The program position heard at context time `t` (before the first anchor: still counting). */
export function positionAtTime(timeline: Timeline, t: number): number {
  const anchor = anchorAt(timeline, t);
  return anchor.position + (t - anchor.at) * anchor.rate;
}

/** The context time at which a program position is heard. */
export function timeOfPosition(timeline: Timeline, position: number): number {
  let current = timeline[0];
  for (const anchor of timeline) {
    if (anchor.position <= position) current = anchor;
    else break;
  }
  return current.at + (position - current.position) / current.rate;
}

/** The playback rate in force at context time `t`. */
export function rateAtTime(timeline: Timeline, t: number): number {
  return anchorAt(timeline, t).rate;
}

/**
 * The timeline with a rate change: from `at` the rate is `rate` for `durationS`, then back to 1.
 * Anchors after `at` are dropped (a nudge replaces a nudge that had not begun).
 */
export function withNudge(
  timeline: Timeline,
  at: number,
  rate: number,
  durationS: number,
): Timeline {
  const start: Anchor = { at, position: positionAtTime(timeline, at), rate };
  const end: Anchor = { at: at + durationS, position: start.position + durationS * rate, rate: 1 };
  const [first = start, ...rest] = [...timeline.filter((anchor) => anchor.at < at), start, end];
  return [first, ...rest];
}

/** The timeline with its program positions moved by `shift` (the next track became current). */
export function shifted(timeline: Timeline, shift: number): Timeline {
  const move = (anchor: Anchor): Anchor => ({ ...anchor, position: anchor.position + shift });
  return [move(timeline[0]), ...timeline.slice(1).map(move)];
}

/** Anchors that no longer matter at context time `t` (all but the one in force) are dropped. */
export function pruned(timeline: Timeline, t: number): Timeline {
  if (t < timeline[0].at) return timeline;
  const current = anchorAt(timeline, t);
  const later = timeline.filter((anchor) => anchor.at > t);
  return [current, ...later];
}

/** A piece of a track's audio on the program axis: [start, end) in program seconds. */
export type Span = { start: number; end: number };

/** How one AudioBufferSourceNode plays a span: `start(when, offset)`, then rate changes. */
export type NodePlan = {
  when: number;
  /** Seconds into the span's audio to begin with (0 unless the music is joined mid-span). */
  offset: number;
  /** The context time it ends: the next span begins exactly here (gapless). */
  endsAt: number;
  /** The rate at `when`, then each change while it plays. */
  rates: ReadonlyArray<{ at: number; rate: number }>;
};

/**
 * How to play a span so it is heard where the timeline says: from `from` (a program position
 * inside the span, or its start) to its end. Null when nothing of it is left to play.
 */
export function planSpan(timeline: Timeline, span: Span, from = span.start): NodePlan | null {
  const begin = Math.max(span.start, from);
  if (begin >= span.end) return null;
  const when = timeOfPosition(timeline, begin);
  const endsAt = timeOfPosition(timeline, span.end);
  const rates = [{ at: when, rate: rateAtTime(timeline, when) }];
  for (const anchor of timeline) {
    if (anchor.at > when && anchor.at < endsAt) rates.push({ at: anchor.at, rate: anchor.rate });
  }
  return { when, offset: begin - span.start, endsAt, rates };
}
