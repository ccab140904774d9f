import type { TrackId } from '@music-rooms/domain/ids';
import { planSpan, type NodePlan, type Span, type Timeline } from './timeline';
import { segmentBounds, type OpenTrack, type TrackSegment, type TrackSource } from './track-source';

/** Segments decoded ahead of the one playing; with 10 s segments, about 30 s of audio at most. */
const DECODED_AHEAD = 2;

type Playing = { node: AudioBufferSourceNode; plan: NodePlan; segment: TrackSegment };

/**
 * One track on the engine's program axis, from `startsAt` for `durationS` (the room's duration
 * of it): its segment source, the few segments decoded ahead, and the source nodes scheduled for
 * it, each started exactly where the one before ends. Its own gain node carries the track's
 * loudness normalization.
 */
export class TrackLane {
  readonly gain: GainNode;
  /** Why loading failed (the engine retries the whole lane), or null. */
  failure: unknown = null;
  private source: TrackSource | null = null;
  private readonly opening: Promise<TrackSource>;
  private readonly abort = new AbortController();
  private readonly loading = new Map<number, Promise<void>>();
  private readonly decoded = new Map<number, TrackSegment>();
  private readonly playing = new Map<number, Playing>();
  /**
   * Segments begun (playing or played to their end) since the last stop: a segment that has
   * ended is never fetched or scheduled again, which would start it over on top of the next.
   */
  private readonly begun = new Set<number>();

  constructor(
    private readonly context: AudioContext,
    output: AudioNode,
    readonly trackId: TrackId,
    public startsAt: number,
    readonly durationS: number,
    open: OpenTrack,
  ) {
    this.gain = context.createGain();
    this.gain.connect(output);
    this.opening = open(context, trackId, this.abort.signal).then((source) => {
      this.source = source;
      return source;
    });
    this.opening.catch((error: unknown) => this.fail(error));
  }

  get endsAt(): number {
    return this.startsAt + this.durationS;
  }

  /** Resolves once the track's manifest is in (rejects if it cannot be opened). */
  opened(): Promise<TrackSource> {
    return this.opening;
  }

  /** Loads the segment at a program position and the next; resolves when the first is decoded. */
  async loadAt(position: number): Promise<void> {
    const source = await this.opening;
    const index = source.segmentAt(Math.max(0, position - this.startsAt));
    this.prefetch(index + 1);
    await this.load(index);
  }

  /**
   * Schedules every decoded segment of program positions [from, until) not scheduled yet, in
   * order, and asks for the ones ahead. `joinedAt` is where playing began (the first segment
   * starts inside itself there). Answers false when a segment came too late to start on time
   * (its start is before `earliest`): the engine then starts over from where the room is.
   */
  schedule(timeline: Timeline, joinedAt: number, until: number, earliest: number): boolean {
    const source = this.source;
    if (!source) return true;
    const first = source.segmentAt(Math.max(0, joinedAt - this.startsAt));
    for (let index = first; index < source.manifest.segments.length; index += 1) {
      const span = this.spanOf(source, index);
      if (span.start >= until || span.start >= this.endsAt) break;
      if (span.end <= joinedAt || this.begun.has(index)) continue;
      const segment = this.decoded.get(index);
      if (!segment) {
        this.prefetch(index);
        break;
      }
      const plan = planSpan(timeline, span, joinedAt);
      if (!plan) continue;
      if (plan.when < earliest) return false;
      this.start(index, segment, plan, span.end - span.start - plan.offset);
      for (let ahead = 1; ahead <= DECODED_AHEAD; ahead += 1) this.prefetch(index + ahead);
    }
    return true;
  }

  /**
   * Follows a changed timeline (a rate nudge from `now`): nodes already playing change their
   * rate at the new anchors, the one at `now` included; nodes not started yet are dropped and
   * scheduled again. The changes a node was told from `now` on are cancelled first: a nudge that
   * replaces one not yet over would otherwise still have the old one's end (or start) come in
   * later, and the speakers would leave the timeline the page believes.
   */
  retime(timeline: Timeline, now: number): void {
    for (const [index, entry] of this.playing) {
      if (entry.plan.when > now) {
        this.release(index, entry, true);
        this.begun.delete(index);
        this.decoded.set(index, entry.segment);
        continue;
      }
      entry.node.playbackRate.cancelScheduledValues(now);
      for (const anchor of timeline) {
        if (anchor.at >= now) entry.node.playbackRate.setValueAtTime(anchor.rate, anchor.at);
      }
    }
  }

  /** Silences the lane at once and forgets what it decoded. */
  stop(): void {
    for (const [index, entry] of this.playing) this.release(index, entry, true);
    this.begun.clear();
    this.decoded.clear();
  }

  /** Stops, cancels every load and lets go of the audio graph. */
  dispose(): void {
    this.stop();
    this.abort.abort();
    this.source?.close();
    this.gain.disconnect();
  }

  private spanOf(source: TrackSource, index: number): Span {
    const { start, end } = segmentBounds(source, index);
    return {
      start: this.startsAt + start,
      end: this.startsAt + Math.min(end, this.durationS),
    };
  }

  private start(index: number, segment: TrackSegment, plan: NodePlan, content: number): void {
    const node = this.context.createBufferSource();
    node.buffer = segment.buffer;
    node.playbackRate.value = plan.rates[0]?.rate ?? 1;
    for (const change of plan.rates.slice(1)) {
      node.playbackRate.setValueAtTime(change.rate, change.at);
    }
    node.connect(this.gain);
    node.start(plan.when, plan.offset, Math.max(0, content));
    const entry = { node, plan, segment };
    node.onended = () => this.release(index, entry, false);
    this.playing.set(index, entry);
    this.begun.add(index);
    // The node holds the buffer now (a retime may take it back); once it ends nothing does.
    this.decoded.delete(index);
  }

  private release(index: number, entry: Playing, stop: boolean): void {
    entry.node.onended = null;
    if (stop) {
      try {
        entry.node.stop();
      } catch {
        // Never started: nothing to stop.
      }
    }
    entry.node.disconnect();
    if (this.playing.get(index) === entry) this.playing.delete(index);
  }

  private prefetch(index: number): void {
    const source = this.source;
    if (!source || index >= source.manifest.segments.length || this.begun.has(index)) return;
    if (segmentBounds(source, index).start >= this.durationS) return;
    void this.load(index).catch(() => {});
  }

  private load(index: number): Promise<void> {
    if (this.decoded.has(index) || this.begun.has(index)) return Promise.resolve();
    const known = this.loading.get(index);
    if (known) return known;
    const loading = this.opening
      .then((source) => source.load(index, this.abort.signal))
      .then((segment) => {
        if (!this.abort.signal.aborted) this.decoded.set(index, segment);
      })
      .catch((error: unknown) => {
        this.fail(error);
        throw error;
      })
      .finally(() => this.loading.delete(index));
    this.loading.set(index, loading);
    return loading;
  }

  private fail(error: unknown): void {
    if (!this.abort.signal.aborted) this.failure = error;
  }
}
