import { median } from './median';
import { RiseLimit } from './rise-limit';
import { SmootherFollower } from './smoother-follower';

/**
 * Which AudioContext time is heard at a moment of the page's clock (`performance.now()`).
 *
 * `getOutputTimestamp()` answers it: the context time leaving the speakers, and when. The music
 * itself is heard at a steady place on the page's clock (only an underrun moves it, later, and
 * the output's own clock drifts from the page's by a few hundred ppm at most), but the stamps
 * are not always where the music is. Under PulseAudio (the player-sync bench's speakers, sampled
 * every 10 ms against the recording) the output's latency is interpolated between timing
 * updates with a rate it is still learning. While it learns, the stamps slide at 1–16 ms per
 * second, each update pulling them only part of the way back, and they stand up to 30 ms from
 * where the music is heard for 5–15 s. That happens in about half of the starts: a new context,
 * and also an old one whose output Chromium reopened when music came after a silence. The rest
 * of the time they slide well under 0.5 ms per second, and lie within a millisecond of the music.
 *
 * So the stamps are followed only while their slope could be a clock's (`SLOPE_LIMIT`, the
 * median of the last second's steps, so that a single update's snap does not count); while it
 * could not, the mapping stays where it was last followed, or, on a context not yet followed, at
 * its first calm stamps, right after the wild ones (the slide starts from where the music is:
 * seen within a millisecond or two, where half a second later it had slid 5 ms further). They
 * stand in from the moment two of them are in, until the stamps cover an envelope. They are
 * followed again once they have slid like a clock for a few seconds (the end of a slide is
 * slow), with the envelope started afresh.
 * Followed, the mapping is the upper envelope (a high percentile) of the recent stamps, so that
 * a stray stamp (the output stalled under load) does not carry it; a fall (an underrun) is
 * followed at once, a rise is held back (`RiseLimit`). A rise of tens of milliseconds in one
 * step (a reopened output), or such a fall of stamps that were followed (the output moved),
 * starts the stamps afresh, as a new context's.
 *
 * Under PulseAudio the stamps are the client library's smoother, and once they have shown it, the
 * sound server's own measurements recovered from them (`SmootherFollower`) say where the music
 * is, ahead of everything above: a first measurement that was off, or one made while the machine
 * stalled, moves the stamps for seconds but not the measurements after it.
 *
 * On a browser without stamps, `currentTime` and the reported latencies stand in.
 * `currentTime` advances a whole output buffer at a time (85 ms with a 4096-frame buffer), so
 * the highest `currentTime − now` of the last second counts (the reading just after an
 * advance), not the latest.
 */

/** What the context reports at one reading; times in seconds, except the `performance` ones (ms). */
export type OutputReading = {
  /** getOutputTimestamp().contextTime and .performanceTime (zero while it has no answer). */
  stampContextTime: number;
  stampPerformanceTime: number;
  currentTime: number;
  /** performance.now() when currentTime was read. */
  readAt: number;
  /** baseLatency + outputLatency. */
  latency: number;
};

/**
 * A context's first stamps are wildly off (seen: the first two or three, for about 0.25 s, stand
 * still while the page's clock runs, so each lies 45–85 ms from the one before). They are over at
 * the first stamp within `STARTUP_STEP_S` of the one before it (both count), or this long after
 * the first stamp at the latest. Not a fixed half second: the stamps of a new output may start to
 * slide right after (seen: 11 ms per second from the third stamp on), and those before the slide
 * are the ones that lie where the music is.
 */
const STARTUP_MS = 500;
const STARTUP_STEP_S = 0.003;
/** The envelope is taken over this long: enough stamps that a few strays among them do not count. */
const ENVELOPE_MS = 4000;
/** Stamps covering this long take over from the stand-in (which can be a buffer off). */
const FIRST_ENVELOPE_MS = 1000;
/** The stamps' slope is the median of their steps over this long (they come every ~85 ms). */
const SLOPE_MS = 1000;
/** Steps enough to read a slope from. */
const SLOPE_STEPS = 5;
/**
 * Stamps sliding faster than this (seconds per second) are not following the output: no output
 * clock drifts 600 ppm from the page's. Settled stamps slide well under 0.4 ms per second.
 */
const SLOPE_LIMIT = 0.0006;
/**
 * Stamps that slid are followed again once their slope over this long is within `SETTLED_SLOPE`:
 * a slide ends slowly (seen: still 5 ms off when it went under 0.6 ms per second).
 */
const SETTLED_MS = 3000;
const SETTLED_SLOPE = 0.0005;
/**
 * How many of a context's first stamps stand in for it until they are followed: from the moment
 * they are in, before the stamps cover an envelope (the `currentTime` stand-in was seen 3–15 ms
 * off where they were right).
 */
const FIRST_STAMPS = 3;
/** Two calm stamps in a row are enough to start on (the third joins them when it comes). */
const FIRST_CALM_STAMPS = 2;
/**
 * Stamps that jump this far from the mapping kept while they slide, and stay there for
 * `FALL_WINDOW_MS`, say the output moved for real (seen: 108 ms later, in one step, when another
 * page's output opened beside it); a slide glides there, a millisecond or two per stamp (seen:
 * up to 30 ms away on a quiet machine, 52 ms on a busy one).
 */
const MOVED_S = 0.04;
/**
 * Stamps that rise this far in one step say the output was reopened, or came back from a dip:
 * music is never heard earlier than it was without skipping some, and neither a slide (a
 * millisecond or two per stamp) nor the stamps' wobble steps that far (seen: after a join on the
 * same machine, a 117 ms dip of the playing page's stamps and a 94 ms rise back, after which the
 * stamps started again from where its music was heard, then slid 45 ms away over 4 s). The
 * stamps then start afresh, as a new context's do: the first calm ones after the rise stand for
 * where the output is now. Only stamps that were followed, or had jumped within a second, count:
 * a new output's slide under load snaps back by more (seen: 83 ms, after sliding 50 ms per
 * second).
 */
const REOPENED_RISE_S = 0.04;
/**
 * Stamps that were followed and fall this far in one step say the output moved: later, for good
 * (an underrun, a new stream on the sound server). A fall is followed in any case, but through
 * the envelope, half a second on, and only while the stamps do not slide; seen on a quiet machine,
 * a followed output's stamps fell 35 ms in one step and slid 20 ms further down over the next
 * 2 s, so the page kept where they had been and played 42 ms early for 13 s. The stamps start
 * afresh instead. (Stamps still sliding after a new output snap back by as much every 1.5 s:
 * those are not followed, so their snaps do not count.)
 */
const MOVED_FALL_S = 0.02;
/**
 * A move may come in more than one step (seen when a page joined on the same machine: 51 ms,
 * then 0.7 s later 52 ms more and 21 ms back, to where the music was now heard, 79 ms later):
 * a jump within this long of another starts the stamps afresh again, though they are not yet
 * followed. A new output's slide snaps back only every 1.5 s.
 */
const MOVE_STEPS_MS = 1000;
/** Where in the sorted stamps the envelope is read: a tenth of them may be strays. */
const ENVELOPE_RANK = 0.9;
/** The `currentTime` readings of this long stand in before the stamps cover an envelope. */
const FALLBACK_MS = 1000;
/**
 * The stand-in is trusted once its readings span this long: a whole output buffer (85 ms with a
 * 4096-frame one) with a reading just after `currentTime` advanced. The music may start then on
 * a browser without stamps; where stamps have started, the music waits for the first of them
 * (`FIRST_CALM_STAMPS`), for this long at most after the first stamp came.
 */
const FIRST_READINGS_MS = 120;
const STAMPS_WAIT_MS = 1000;
/**
 * The output fell (an underrun: the music is heard later from now on) when the stamps dropped
 * by more than `FALL_S` from one to the next (the saw's teeth sink gradually and snap up) and
 * every stamp since, for this long, lies that much below the envelope before the drop. The
 * envelope then starts again from the drop: a high percentile of the last four seconds would
 * keep to the old level for most of them.
 */
const FALL_WINDOW_MS = 500;
const FALL_S = 0.003;

/** Context seconds minus performance seconds at the output: heard(t) = mapping + t / 1000. */
export function stampMapping(reading: OutputReading): number | null {
  if (reading.stampContextTime <= 0 || reading.stampPerformanceTime <= 0) return null;
  return reading.stampContextTime - reading.stampPerformanceTime / 1000;
}

/** The same from currentTime and the latencies (too high by up to one output buffer). */
export function latencyMapping(reading: OutputReading): number {
  return reading.currentTime - reading.readAt / 1000 - reading.latency;
}

/** A mapping and the page time (ms) it was read at. */
type Point = { mapping: number; at: number };

/** The newest points within `spanMs` of the newest one. */
const within = (points: readonly Point[], spanMs: number): Point[] => {
  const newest = points.at(-1)?.at ?? 0;
  return points.filter((point) => newest - point.at <= spanMs);
};

/**
 * The upper envelope of some points, or null for none: a high percentile rather than the
 * highest, so that a stray stamp (the output stalled under load) does not carry the mapping.
 */
const envelope = (points: readonly Point[]): number | null => {
  if (points.length === 0) return null;
  const sorted = points.map((point) => point.mapping).sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) * ENVELOPE_RANK)]!;
};

/**
 * Follows the readings of one context and answers the heard context time of any page instant:
 * the envelope of the recent stamps once they cover one, before that the `currentTime` stand-in.
 */
export class OutputClock {
  private stamps: Point[] = [];
  private fallbacks: Point[] = [];
  private firstStampAt: number | null = null;
  /** The latest stamp while the first, wild ones last (null once they are over). */
  private startupStamp: Point | null = null;
  private startupOver = false;
  private lastStampAt: number | null = null;
  private readonly rise = new RiseLimit();
  /** The PulseAudio library's smoother behind the stamps, when they are its. */
  private readonly smoother = new SmootherFollower();
  /** The smoother's mapping at the latest stamp; null while it has none. */
  private measured: number | null = null;
  /** Page time (ms) from which the stamps have slid no faster than a clock; null while they do. */
  private followedFrom: number | null = null;
  /**
   * When the output last jumped (page ms), and whether it fell, until the stamps are followed
   * again. After a fall, the levels followed before stay known to `rise`: stamps that come back
   * up to them came back from a dip.
   */
  private jump: { at: number; fell: boolean } | null = null;
  /** Page time (ms) of the first stamp after the output last fell. */
  private fellAt = 0;
  /**
   * Whether this context's stamps were ever followed. A new output's stamps step as the library
   * learns them (seen: 26 ms in one step of a slide of 35 ms per second, its first calm stamps
   * where the music was), so there only a jump of a whole `MOVED_S` says the output moved (seen:
   * first stamps calm for half a second 66 ms from where the music was, then there in one step).
   */
  private everFollowed = false;
  /** The stamps' mapping, worked out once per stamp: read far more often than stamps come. */
  private held: number | null = null;
  /** `currentTime` minus page seconds of the last second's readings: what is being rendered. */
  private renders: Point[] = [];
  /** What the device adds after the output the browser sees (seconds; `setDeviceDelay`). */
  private deviceDelay = 0;

  /** Adds one reading. */
  add(reading: OutputReading): void {
    const fallback = { mapping: latencyMapping(reading), at: reading.readAt };
    this.fallbacks = within([...this.fallbacks, fallback], FALLBACK_MS);
    const render = { mapping: reading.currentTime - reading.readAt / 1000, at: reading.readAt };
    this.renders = within([...this.renders, render], FALLBACK_MS);
    const mapping = stampMapping(reading);
    if (mapping === null) return;
    const at = reading.stampPerformanceTime;
    // The same stamp twice (no output callback between two readings) counts once.
    if (this.lastStampAt === at) return;
    this.lastStampAt = at;
    this.firstStampAt ??= at;
    // The stamp before, whether the first ones are still being waited out or not.
    const last = this.startupStamp ?? this.stamps.at(-1);
    if (last && this.jumped(last.mapping, mapping, at)) {
      this.startAfresh(at, mapping < last.mapping);
    }
    if (!this.pastStartup({ mapping, at })) return;
    this.smoother.add(at, mapping);
    this.stamps = within([...this.stamps, { mapping, at }], ENVELOPE_MS);
    this.followStamps(at);
    // Where the library's smoother explains the stamps, its measurements say where the music is.
    this.measured = this.smoother.mapping(at);
    this.held = this.measured ?? this.held;
  }

  /** The stamps' own mapping: held while they slide, else the envelope of the recent ones. */
  private followStamps(at: number): void {
    if (!this.usesStamps) return this.standIn(at);
    const following = this.followedFrom !== null;
    // After a jump the output's timing was known already: a new slide shows within a second.
    const settledMs = this.jump === null ? SETTLED_MS : SLOPE_MS;
    const steady =
      this.slidesLikeAClock(SLOPE_MS, SLOPE_LIMIT) &&
      (following || this.slidesLikeAClock(settledMs, SETTLED_SLOPE));
    if (!steady) {
      this.followedFrom = null;
      this.held ??= this.firstStamps();
      this.held = this.movedTo(this.held) ?? this.held;
      return;
    }
    this.everFollowed = true;
    if (!following) {
      // Settled (again): what the stamps said while they slid is not where the output is.
      this.followedFrom = Math.max(at - SLOPE_MS, this.jump?.at ?? 0);
      if (!this.jump?.fell) this.rise.reset();
      this.jump = null;
    }
    this.noteFall();
    const top = envelope(this.enveloped())!;
    this.rise.add(top, at);
    this.held = this.rise.limit(top);
  }

  /**
   * The first stamps stand in until they cover an envelope; after a gap (a sleeping tab) or a
   * jump, the stamps since stand in the same way, once two are in.
   */
  private standIn(at: number): void {
    if (this.stamps.length >= FIRST_CALM_STAMPS && !this.justFell(at)) {
      // After a fall, the envelope: stamps that dipped with it come back up within a second.
      this.held = this.jump?.fell ? envelope(this.stamps)! : this.firstStamps();
    }
    this.followedFrom = null;
    if (!this.jump?.fell) this.rise.reset();
  }

  /**
   * Whether the output moved or was reopened between two stamps (`REOPENED_RISE_S`,
   * `MOVED_FALL_S`, `MOVE_STEPS_MS`).
   */
  private jumped(from: number, to: number, at: number): boolean {
    const step = to - from;
    if (step <= REOPENED_RISE_S && step >= -MOVED_FALL_S) return false;
    // A new output's slide snaps back by as much: only stamps that were followed jump.
    return this.followedFrom !== null || (this.jump !== null && at - this.jump.at < MOVE_STEPS_MS);
  }

  /**
   * Whether the output fell less than `FALL_WINDOW_MS` ago: the stamps dip for a moment while
   * the machine is busy (seen: 15 ms below an underrun for 0.6 s), and the page would chase the
   * dip if it took them at once.
   */
  private justFell(at: number): boolean {
    return this.jump !== null && this.jump.fell && at - this.jump.at < FALL_WINDOW_MS;
  }

  /**
   * The output jumped: the stamps before no longer say anything about it. The mapping kept so
   * far stands until the first calm stamps since are in.
   */
  private startAfresh(at: number, fell: boolean): void {
    this.forgetStamps();
    this.jump = { at, fell };
    this.firstStampAt = at;
    if (!fell) this.rise.reset();
  }

  /** The stamps kept, and what was made of them, start again (the mapping held stays). */
  private forgetStamps(): void {
    this.stamps = [];
    this.smoother.reset();
    this.measured = null;
    this.startupStamp = null;
    this.startupOver = false;
    this.followedFrom = null;
    this.fellAt = 0;
    this.jump = null;
  }

  /**
   * Whether the wild first stamps of the context are over (`STARTUP_STEP_S`); the first calm
   * one and the one before it start the stamps kept.
   */
  private pastStartup(point: Point): boolean {
    if (this.startupOver) return true;
    const previous = this.startupStamp;
    this.startupStamp = point;
    const calm = previous !== null && Math.abs(point.mapping - previous.mapping) <= STARTUP_STEP_S;
    if (!calm && point.at - this.firstStampAt! < STARTUP_MS) return false;
    this.startupOver = true;
    this.startupStamp = null;
    if (calm) this.stamps = [previous];
    if (calm) this.smoother.add(previous.at, previous.mapping);
    return true;
  }

  /** The median of the first stamps kept: where the music is before any slide. */
  private firstStamps(): number {
    return median(this.stamps.slice(0, FIRST_STAMPS).map((point) => point.mapping));
  }

  /** Whether the stamps cover enough to take over from the stand-in. */
  get usesStamps(): boolean {
    return this.stampSpan() >= FIRST_ENVELOPE_MS * 0.9;
  }

  /**
   * Whether the output's stamps are not to be trusted yet: they have started but do not cover
   * an envelope, or they slide faster than a clock and the mapping is held where it was. A
   * measurement made against this device's output (a calibration) waits for this to end. A
   * browser without stamps is never settling: its stand-in is all it will have.
   */
  get settling(): boolean {
    if (this.measured !== null) return false;
    return this.firstStampAt !== null && (!this.usesStamps || this.followedFrom === null);
  }

  private stampSpan(): number {
    const first = this.stamps[0];
    const last = this.stamps.at(-1);
    return first !== undefined && last !== undefined ? last.at - first.at : 0;
  }

  /** The stamps the envelope is taken over: those since they settled and the output last fell. */
  private enveloped(): Point[] {
    const from = Math.max(this.fellAt, this.followedFrom ?? 0);
    return this.stamps.filter((point) => point.at >= from);
  }

  /**
   * Where the output moved while the stamps slide (of a context followed before): the median of
   * the last `FALL_WINDOW_MS` of them when every one lies more than `MOVED_S` from `kept`, else
   * null.
   */
  private movedTo(kept: number): number | null {
    if (this.stampSpan() < FALL_WINDOW_MS) return null;
    const recent = within(this.stamps, FALL_WINDOW_MS);
    const far = (point: Point) => Math.abs(point.mapping - kept) > MOVED_S;
    if (!recent.every(far)) return null;
    // An output that moved jumps there from one stamp to the next; a slide glides there (seen
    // under load: 12 ms per second down to 52 ms from where the music was, and back).
    const arrival = this.stamps.findLastIndex((point) => !far(point)) + 1;
    const before = this.stamps[arrival - 1];
    // A new output's stamps step as the library learns them (`everFollowed`): only a step as
    // large as a move is one there.
    const step = this.everFollowed ? MOVED_S / 2 : MOVED_S;
    const jumped = before && Math.abs(this.stamps[arrival]!.mapping - before.mapping) > step;
    return jumped ? median(recent.map((point) => point.mapping)) : null;
  }

  /** Whether the stamps of the last `spanMs` slide no faster than `limit` (s per s). */
  private slidesLikeAClock(spanMs: number, limit: number): boolean {
    const recent = within(this.stamps, spanMs);
    const span = recent.at(-1)!.at - recent[0]!.at;
    if (recent.length <= SLOPE_STEPS || span < spanMs * 0.9) return false;
    const slopes = recent
      .slice(1)
      .map(
        (point, i) => (point.mapping - recent[i]!.mapping) / ((point.at - recent[i]!.at) / 1000),
      );
    return Math.abs(median(slopes)) <= limit;
  }

  /** After a fall of the output, the stamps from before it no longer count. */
  private noteFall(): void {
    const stamps = this.enveloped();
    const drop = stamps.findLastIndex(
      (point, index) => index > 0 && point.mapping < stamps[index - 1]!.mapping - FALL_S,
    );
    if (drop < 1 || stamps.at(-1)!.at - stamps[drop]!.at < FALL_WINDOW_MS) return;
    const before = envelope(stamps.slice(0, drop))!;
    const since = stamps.slice(drop);
    if (since.every((point) => point.mapping < before - FALL_S)) this.fellAt = stamps[drop]!.at;
  }

  /**
   * Whether the music may start: the first stamps are in, or the stand-in has seen a whole output
   * buffer and no stamps have come (for `STAMPS_WAIT_MS`). Better stamps come later; the
   * engine's nudges follow them.
   */
  ready(): boolean {
    if (this.held !== null) return true;
    const first = this.fallbacks[0];
    const last = this.fallbacks.at(-1);
    if (first === undefined || last === undefined || last.at - first.at < FIRST_READINGS_MS) {
      return false;
    }
    return this.firstStampAt === null || last.at - this.firstStampAt >= STAMPS_WAIT_MS;
  }

  /** Context seconds minus performance seconds, or null before the first reading. */
  mapping(): number | null {
    if (this.held !== null) return this.held;
    // currentTime is read exactly: the highest reading is the one just after an advance.
    if (this.fallbacks.length === 0) return null;
    return Math.max(...this.fallbacks.map((fallback) => fallback.mapping));
  }

  /**
   * The device's own delay beyond the output the browser reports (a Bluetooth speaker, a
   * receiver), in seconds: what is heard at a moment left the browser that much earlier, so the
   * music is scheduled that much earlier. Kept across `reset()`: it belongs to the device.
   */
  setDeviceDelay(seconds: number): void {
    this.deviceDelay = seconds;
  }

  /**
   * The context time heard at page time `at` (ms), or null before the first reading: leaving
   * the browser's output at `mapping + at`, it is heard `deviceDelay` later.
   */
  heardTimeAt(at: number): number | null {
    const mapping = this.mapping();
    return mapping === null ? null : mapping - this.deviceDelay + at / 1000;
  }

  /** The page time (ms) at which context time `t` is heard. */
  pageTimeOf(t: number): number | null {
    const mapping = this.mapping();
    return mapping === null ? null : (t - mapping + this.deviceDelay) * 1000;
  }

  /**
   * How long (seconds) the browser's output takes from rendering a sound to playing it, as this
   * clock has it (the stamps', or the reported latencies before them), without the device's
   * delay; null before the first reading. `currentTime` advances a buffer at a time: its highest
   * reading of the last second is the one just after an advance.
   */
  latency(): number | null {
    const mapping = this.mapping();
    if (mapping === null || this.renders.length === 0) return null;
    return Math.max(...this.renders.map((render) => render.mapping)) - mapping;
  }

  /** Forgets a context that was closed. */
  reset(): void {
    this.forgetStamps();
    this.fallbacks = [];
    this.renders = [];
    this.firstStampAt = null;
    this.lastStampAt = null;
    this.rise.reset();
    this.held = null;
    this.everFollowed = false;
  }
}

/** One reading of a live context. */
export function readOutput(context: AudioContext, now: () => number): OutputReading {
  const stamp = context.getOutputTimestamp();
  return {
    stampContextTime: stamp.contextTime ?? 0,
    stampPerformanceTime: stamp.performanceTime ?? 0,
    currentTime: context.currentTime,
    readAt: now(),
    latency: (context.baseLatency || 0) + (context.outputLatency || 0),
  };
}
