import { DRIFT_SEEK_MS, type PlaybackState } from '@music-rooms/domain/playback';
import type { TrackId } from '@music-rooms/domain/ids';
import { positionAtTime, pruned, shifted, withNudge, type Timeline } from './timeline';
import { renderedUntil } from './audio-output';
import { TrackLane } from './track-lane';
import type { OpenTrack } from './track-source';

/** Source nodes are scheduled this far ahead of the context's clock. */
const HORIZON_S = 12;

/** What scheduling came to: all due is scheduled, a segment came too late, or loading failed. */
export type ScheduleResult = { kind: 'ok' } | { kind: 'late' } | { kind: 'failed'; error: unknown };

/**
 * What the engine plays: the current track and perhaps the next one laid end to end on one
 * program axis (the current track from 0), and the timeline that places the axis on the
 * AudioContext's clock. No policy here: the engine decides when to start, nudge or start over.
 */
export class Program {
  lanes: TrackLane[] = [];
  timeline: Timeline | null = null;
  /** The program position where the music came in (its first segment starts inside itself). */
  private joinedAt = 0;

  constructor(
    private readonly graph: () => { context: AudioContext; master: GainNode },
    private readonly openTrack: OpenTrack,
  ) {}

  /** The lane of a track from 0, reusing (with what it decoded) the current one when it is that. */
  laneFor(trackId: TrackId, durationMs: number): TrackLane {
    const [first, ...others] = this.lanes;
    others.forEach((lane) => lane.dispose());
    if (first && first.trackId === trackId && first.durationS * 1000 === durationMs) {
      first.startsAt = 0;
      this.lanes = [first];
      return first;
    }
    first?.dispose();
    this.lanes = [this.newLane(trackId, 0, durationMs / 1000)];
    return this.lanes[0]!;
  }

  /** The music comes in at context time `at`, at program position `position`. */
  begin(at: number, position: number): void {
    this.timeline = [{ at, position, rate: 1 }];
    this.joinedAt = position;
  }

  /** Adds the next track right after the current one (gapless); answers its lane. */
  addNext(trackId: TrackId, durationMs: number): TrackLane | null {
    const current = this.lanes[0];
    if (!current || this.lanes.length > 1) return null;
    const lane = this.newLane(trackId, current.endsAt, durationMs / 1000);
    this.lanes.push(lane);
    void lane.loadAt(lane.startsAt).catch(() => {});
    return lane;
  }

  /** Schedules every segment due within the horizon; `heardAt` is the context time heard now. */
  schedule(context: AudioContext, heardAt: number | null): ScheduleResult {
    const timeline = this.timeline;
    if (!timeline) return { kind: 'ok' };
    const until = positionAtTime(timeline, context.currentTime + HORIZON_S);
    const earliest = renderedUntil(context);
    for (const lane of [...this.lanes]) {
      if (lane.failure && lane !== this.lanes[0]) {
        // The next track failed to load: it starts when the server says, with a gap.
        lane.dispose();
        this.lanes = this.lanes.filter((kept) => kept !== lane);
        continue;
      }
      if (lane.failure) return { kind: 'failed', error: lane.failure };
      const from = Math.max(this.joinedAt, lane.startsAt);
      if (!lane.schedule(timeline, from, until, earliest)) return { kind: 'late' };
    }
    if (heardAt !== null) this.timeline = pruned(timeline, heardAt);
    return { kind: 'ok' };
  }

  /** Plays at `rate` from context time `at` for `durationS`, then at 1 again. */
  nudge(at: number, rate: number, durationS: number): void {
    if (!this.timeline) return;
    const timeline = withNudge(this.timeline, at, rate, durationS);
    this.timeline = timeline;
    this.lanes.forEach((lane) => lane.retime(timeline, at));
  }

  /** The program position heard at context time `heardAt`, or null before the music came in. */
  positionAt(heardAt: number): number | null {
    if (!this.timeline || heardAt < this.timeline[0].at) return null;
    return positionAtTime(this.timeline, heardAt);
  }

  /** The lane heard at a program position (the current one past every end). */
  laneAt(position: number): TrackLane | null {
    const inside = this.lanes.find((lane) => position >= lane.startsAt && position < lane.endsAt);
    return inside ?? this.lanes[0] ?? null;
  }

  /**
   * Keeps playing through a state that says what is heard anyway (a repeat toggle, the server's
   * word on the track that began gaplessly): false when the music must start over.
   */
  adopt(state: PlaybackState, heardAt: number, serverNow: number): boolean {
    const heard = this.positionAt(heardAt);
    if (heard === null) return false;
    const lane = this.lanes.find((candidate) => {
      if (candidate.trackId !== state.trackId) return false;
      if (Math.abs(candidate.durationS * 1000 - state.durationMs) > 1) return false;
      const expected =
        candidate.startsAt + (state.positionMs + serverNow - state.atServerMs) / 1000;
      return Math.abs(heard - expected) * 1000 <= DRIFT_SEEK_MS;
    });
    if (!lane) return false;
    const index = this.lanes.indexOf(lane);
    this.lanes.slice(0, index).forEach((earlier) => earlier.dispose());
    this.lanes = this.lanes.slice(index);
    if (lane.startsAt !== 0 && this.timeline) {
      const shift = -lane.startsAt;
      this.lanes.forEach((kept) => (kept.startsAt += shift));
      this.timeline = shifted(this.timeline, shift);
      this.joinedAt = Math.max(0, this.joinedAt + shift);
    }
    return true;
  }

  /** Silences everything; the lanes keep what they decoded for a start at once. */
  stop(): void {
    this.lanes.forEach((lane) => lane.stop());
    this.timeline = null;
  }

  /** Silences everything and lets go of the tracks. */
  clear(): void {
    this.stop();
    this.lanes.forEach((lane) => lane.dispose());
    this.lanes = [];
  }

  private newLane(trackId: TrackId, startsAt: number, durationS: number): TrackLane {
    const { context, master } = this.graph();
    return new TrackLane(context, master, trackId, startsAt, durationS, this.openTrack);
  }
}
