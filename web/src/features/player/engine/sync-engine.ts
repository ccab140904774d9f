import type { PlaybackState } from '@music-rooms/domain/playback';
import { AudioOutput, renderedUntil } from './audio-output';
import { multiplesBetween, musicBeats, type Beat } from './beats';
import { DriftControl } from './drift';
import type { EngineOptions, EngineView } from './engine-types';
import { applyLaneGains, normalizationGain } from './loudness';
import { OutputClock, readOutput } from './output-clock';
import { playerSnapshot } from './player-snapshot';
import { Program } from './program';
import { roomPositionSoon, startAnchor } from './start-anchor';
import type { EngineStatus, OutputInfo, PlayerSnapshot, SyncState } from './sync-state';

const TICK_MS = 200;
/**
 * The output is read this often, playing or not: the output clock takes the top of a saw tooth
 * of stamps, found closer the more often they are read, and a context that has been read since
 * the page opened has settled stamps by the time the room plays.
 */
const READ_OUTPUT_MS = 50;
/** The next track is fetched and scheduled once the current one has this little left. */
const NEXT_TRACK_AHEAD_S = 20;
/** A nudge begins this long after what the context has rendered. */
const NUDGE_LEAD_S = 0.05;
const RETRY_MAX_MS = 15_000;
/** Beats are offered from this long after what the context has rendered. */
const BEAT_LEAD_S = 0.05;
/**
 * The music starts on the server's clock once its offset is known within this, or once this
 * many samples are in (through a slow line better ones come only over seconds). A first probe
 * made while the page loads can take 40 ms there and back: a start on it was 13 ms off, until
 * the drift correction closed the gap 3 s later; the next probe, 40 ms on, took 2 ms.
 */
const START_CLOCK_BOUND_MS = 5;
const START_CLOCK_SAMPLES = 3;
/** A move of the output clock's mapping this large (ms) between two measurements is told. */
const OUTPUT_MOVED_MS = 3;
/** Waiting this long for the first clock sample counts as a sync error. */
const NO_CLOCK_ERROR_MS = 10_000;

const wantsAudio = (state: PlaybackState | undefined): state is PlaybackState =>
  Boolean(state?.playing && state.trackId);

/**
 * The sync engine (design §4): keeps what this page plays on the room's server timeline. A
 * server instant becomes page time (the clock's offset), then the AudioContext time heard then
 * (OutputClock); segments are scheduled end to end (Program), the predicted next track right
 * after the current one, and the heard position is compared with the room's all the time: a
 * small drift is closed by a rate nudge, a large one (> DRIFT_SEEK_MS) by starting again from
 * where the room is. A tab that slept, a cut network or a reconnect show up as a late segment or
 * a large drift, and are mended the same way. Plain TypeScript: React binds it (usePlayerEngine).
 */
export class SyncEngine {
  private readonly audio: AudioOutput;
  private readonly output = new OutputClock();
  private readonly program: Program;
  private readonly now: () => number;
  private readonly wallNow: () => number;
  private readonly listeners = new Set<() => void>();
  private view: EngineView | null = null;
  private normalize = true;
  private readonly drift = new DriftControl();
  private generation = 0;
  private starting = false;
  private failures = 0;
  private retryAt = 0;
  private clockWaitSince: number | null = null;
  private status: EngineStatus = { sync: 'idle', driftMs: null };
  private outputDelayMs = 0;
  private timer: ReturnType<typeof setInterval> | null = null;
  private reader: ReturnType<typeof setInterval> | null = null;
  private stopClockWatch: (() => void) | null = null;
  /** The output clock's mapping at the last drift measurement (OUTPUT_MOVED_MS). */
  private measuredMapping: number | null = null;

  constructor(private readonly options: EngineOptions) {
    this.now = options.now ?? (() => performance.now());
    this.wallNow = options.wallNow ?? (() => Date.now());
    this.audio = new AudioOutput(() => this.tick(), options.createContext);
    this.program = new Program(() => this.audio.get(), options.openTrack);
  }

  /**
   * Starts following the room (again, after a stop). The AudioContext is made now, with the
   * page: if the browser wants a click first, it is the page's first click that lets it run.
   */
  start(): void {
    this.audio.get();
    if (this.timer === null) this.timer = setInterval(() => this.tick(), TICK_MS);
    this.reader ??= setInterval(() => this.readOutput(), READ_OUTPUT_MS);
    // A start that waits for the server's clock goes on with its first sample.
    this.stopClockWatch ??=
      this.options.clock.onChange?.(() => {
        if (this.clockWaitSince !== null) this.tick();
      }) ?? null;
    this.tick();
  }

  /** Follows a new answer of player.get. */
  setView(view: EngineView | null): void {
    this.view = view;
    const state = view?.state;
    if (!wantsAudio(state)) this.silence(state);
    else if (!this.adopt(state)) this.startOver(false);
    this.applyGains();
    this.tick();
  }

  setVolume(volume: number, muted: boolean): void {
    this.audio.setVolume(volume, muted);
  }

  setNormalize(on: boolean): void {
    this.normalize = on;
    this.applyGains();
  }

  /** Call from a click or key press: lets audio start where the browser blocked it. */
  unlock(): void {
    this.audio.unlock();
  }

  /**
   * The page's AudioContext while the engine has one open: the app's short interface sounds
   * play through it too, so the page keeps one audio clock and the music's timing is untouched.
   */
  outputContext(): AudioContext | null {
    return this.audio.current();
  }

  /**
   * Whether the output's timing is still being learnt (a new or reopened output whose stamps
   * slide): the music plays on the best mapping known, but a measurement of this device's
   * output, as a calibration is, should wait until it ends.
   */
  outputSettling(): boolean {
    return this.audio.running && this.output.settling;
  }

  /**
   * This device's hidden output delay (ms): the music is scheduled that much earlier. A change
   * while playing is heard as a drift of that size and mended as any drift is (a nudge, or a
   * jump to where the room is); the measurements taken before it no longer count.
   */
  setOutputDelay(ms: number): void {
    if (ms === this.outputDelayMs) return;
    this.outputDelayMs = ms;
    this.output.setDeviceDelay(ms / 1000);
    this.drift.reset();
    this.tick();
  }

  /** The output's latency as the engine reckons with it, the browser's word, and the delay. */
  outputInfo(): OutputInfo {
    const context = this.audio.current();
    const latency = this.output.latency();
    return {
      latencyMs: latency === null ? null : latency * 1000,
      reportedMs: context
        ? ((context.baseLatency || 0) + (context.outputLatency || 0)) * 1000
        : null,
      delayMs: this.outputDelayMs,
    };
  }

  /**
   * The beats of the room's timeline every `periodS` over the next `spanS` of the running
   * context: where the playing music's positions cross a multiple of the period, else where the
   * server's clock does. A sound started at a beat is heard with the music's timing, this
   * device's output delay included; [] while the context does not run or has no clock yet.
   */
  beats(periodS: number, spanS: number): Beat[] {
    const context = this.audio.current();
    const estimate = this.options.clock.estimate();
    if (!context || !this.audio.running || !estimate || !this.output.ready()) return [];
    const from = renderedUntil(context) + BEAT_LEAD_S;
    const until = from + spanS;
    const timeline = this.program.timeline;
    const times = timeline
      ? musicBeats(timeline, periodS, from, until)
      : this.serverBeats(periodS, from, until, estimate.offsetMs);
    return times.map((contextTime) => ({
      contextTime,
      heardAt: this.output.pageTimeOf(contextTime)!,
    }));
  }

  /**
   * The context time heard at server instant `serverMs` by the mapping the music is scheduled
   * with (the clock's offset, then the output clock), or null while either is unknown or the
   * context does not run: a sound started then is heard with the room's music, this device's
   * output delay taken into account.
   */
  contextTimeAt(serverMs: number): number | null {
    const local = this.options.clock.localTimeOf(serverMs);
    if (local === null || !this.audio.running) return null;
    return this.output.heardTimeAt(local);
  }

  getStatus(): EngineStatus {
    return this.status;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  snapshot(): PlayerSnapshot {
    const { clock } = this.options;
    return playerSnapshot({
      state: this.view?.state,
      serverNow: clock.serverNow(),
      estimate: clock.estimate(),
      sync: this.status.sync,
      heard: this.view?.state.playing ? this.heardPosition() : null,
      program: this.program,
      outputDelayMs: this.outputDelayMs,
    });
  }

  /** Goes quiet and lets go of the audio device; start() takes up again. */
  stop(): void {
    if (this.timer !== null) clearInterval(this.timer);
    if (this.reader !== null) clearInterval(this.reader);
    this.timer = null;
    this.reader = null;
    this.stopClockWatch?.();
    this.stopClockWatch = null;
    this.silence();
    this.audio.close();
    this.output.reset();
  }

  private tick(): void {
    const state = this.view?.state;
    if (this.timer === null || !wantsAudio(state)) return this.setSync('idle');
    const { context } = this.audio.get();
    if (context.state !== 'running') {
      this.audio.wake();
      // Decoded while the browser waits for a click, the music comes in as soon as it is given.
      this.prepare(state, this.roomPositionSoon(state));
      return this.setSync(this.audio.blocked ? 'blocked' : 'syncing');
    }
    if (this.starting || this.now() < this.retryAt) return;
    if (!this.program.timeline) return void this.begin(state);
    if (this.schedule(context)) this.measure(state, context);
  }

  /** Feeds the output clock from a running context. */
  private readOutput(): void {
    if (!this.audio.running) return;
    const ready = this.output.ready();
    this.output.add(readOutput(this.audio.get().context, this.now));
    // A start that waits only for the output clock goes on at once.
    if (!ready && this.output.ready()) this.tick();
  }

  /**
   * Decodes where the music will come in while it cannot yet (paused, or waiting for a click),
   * so that it comes in on time: a track started by hand is heard from its first note.
   */
  private prepare(state: PlaybackState, position: number): void {
    if (!state.trackId || this.program.timeline || this.timer === null) return;
    const lane = this.program.laneFor(state.trackId, state.durationMs);
    this.applyGains();
    void lane.loadAt(position).catch(() => {});
  }

  /**
   * Where the room will be once a start now has decoded its segment; before the server's clock
   * is known, guessed by this device's wall clock.
   */
  private roomPositionSoon(state: PlaybackState): number {
    return roomPositionSoon(state, this.options.clock.serverNow() ?? this.wallNow());
  }

  /** Starts from where the room is: the segment there is decoded first, then scheduled. */
  private async begin(state: PlaybackState): Promise<void> {
    const generation = this.generation;
    if (!this.clockToStartOn()) {
      // The music where the room probably is is fetched meanwhile.
      this.prepare(state, this.roomPositionSoon(state));
      return this.waitForClock();
    }
    this.clockWaitSince = null;
    this.starting = true;
    if (this.status.sync !== 'syncError') this.setSync('syncing');
    try {
      const lane = this.program.laneFor(state.trackId!, state.durationMs);
      this.applyGains();
      await lane.loadAt(this.roomPositionSoon(state));
      // Decoded before the output clock has its first estimate: the next reading goes on.
      if (generation !== this.generation || !this.output.ready()) return;
      const start = startAnchor(state, this.options.clock, this.output, this.audio.get().context);
      if (!start || start.position >= state.durationMs / 1000) return;
      this.program.begin(start.at, start.position);
      this.schedule(this.audio.get().context);
    } catch (error) {
      if (generation === this.generation) this.fail(error);
    } finally {
      if (generation === this.generation) this.starting = false;
    }
  }

  /** Schedules what is due; false when it had to start over. */
  private schedule(context: AudioContext): boolean {
    this.addNextTrack();
    const result = this.program.schedule(context, this.output.heardTimeAt(this.now()));
    if (result.kind === 'ok') return true;
    if (result.kind === 'late') this.startOver(false);
    else this.fail(result.error);
    return false;
  }

  /** Near the end of the current track, the next one joins right after it. */
  private addNextTrack(): void {
    const next = this.view?.next;
    const current = this.program.lanes[0];
    const heard = this.heardPosition();
    if (!next || !current || this.program.lanes.length > 1 || heard === null) return;
    if (current.endsAt - heard > NEXT_TRACK_AHEAD_S) return;
    const lane = this.program.addNext(next.id, next.durationMs);
    if (lane) lane.gain.gain.value = normalizationGain(next.loudnessLufs, this.normalize);
  }

  /** Compares what is heard with where the room is, and mends the gap. */
  private measure(state: PlaybackState, context: AudioContext): void {
    const serverNow = this.options.clock.serverNow();
    const heard = this.heardPosition();
    const lane = this.program.lanes[0];
    if (serverNow === null || !lane) return;
    if (heard === null) return this.setSync('syncing');
    const expected = (state.positionMs + serverNow - state.atServerMs) / 1000;
    // Between a track's end and the server's word on the next there is nothing to compare.
    if (expected < 0 || expected >= lane.durationS) return;
    // A nudge is heard only once the output latency has passed: measured on the heard clock.
    const heardAt = this.output.heardTimeAt(this.now()) ?? context.currentTime;
    this.noteOutputMove();
    const measured = this.drift.add((heard - expected) * 1000, heardAt);
    if (!measured) return;
    const { driftMs, action, inSync } = measured;
    const moved = Math.abs(driftMs - (this.status.driftMs ?? Infinity)) >= 1;
    if (moved) this.status = { ...this.status, driftMs };
    if (action?.kind === 'seek') return this.startOver(false);
    if (action?.kind === 'nudge') {
      const at = renderedUntil(context) + NUDGE_LEAD_S;
      this.program.nudge(at, action.rate, action.durationS);
      this.drift.nudged({ ...action, at });
      this.schedule(context);
    }
    if (inSync === null) return this.setSync(this.status.sync, moved);
    if (inSync) this.failures = 0;
    this.setSync(inSync ? 'inSync' : 'syncing', moved);
  }

  /** Tells the drift control when the output clock's mapping moved since the last measurement. */
  private noteOutputMove(): void {
    const mapping = this.output.mapping();
    const last = this.measuredMapping;
    this.measuredMapping = mapping;
    if (mapping === null || last === null) return;
    if (Math.abs(mapping - last) * 1000 >= OUTPUT_MOVED_MS) this.drift.outputMoved();
  }

  /** Whether the new state says what is heard anyway: then the music plays on. */
  private adopt(state: PlaybackState): boolean {
    const serverNow = this.options.clock.serverNow();
    const heardAt = this.output.heardTimeAt(this.now());
    if (!this.audio.running || serverNow === null || heardAt === null) return false;
    return this.program.adopt(state, heardAt, serverNow);
  }

  /** Silences and starts again from where the room is (forgetting the tracks when told). */
  private startOver(forgetTracks: boolean): void {
    this.generation += 1;
    this.starting = false;
    if (forgetTracks) this.program.clear();
    else this.program.stop();
    this.drift.reset();
    this.measuredMapping = null;
    if (this.status.sync !== 'syncError' && this.status.sync !== 'blocked') this.setSync('syncing');
  }

  /** Goes quiet; a paused track stays decoded where it is paused, to play at once. */
  private silence(state?: PlaybackState): void {
    this.startOver(!state?.trackId);
    if (state) this.prepare(state, state.positionMs / 1000);
    this.failures = 0;
    this.retryAt = 0;
    this.setSync('idle');
  }

  private fail(error: unknown): void {
    console.warn('The player could not load the track', error);
    this.startOver(true);
    this.failures += 1;
    this.retryAt = this.now() + Math.min(RETRY_MAX_MS, 1000 * 2 ** (this.failures - 1));
    this.setSync('syncError');
  }

  /** Whether the server's clock is known well enough to start the music on. */
  private clockToStartOn(): boolean {
    const estimate = this.options.clock.estimate();
    if (!estimate) return false;
    return estimate.errorBoundMs <= START_CLOCK_BOUND_MS || estimate.samples >= START_CLOCK_SAMPLES;
  }

  private waitForClock(): void {
    this.clockWaitSince ??= this.now();
    const waited = this.now() - this.clockWaitSince;
    this.setSync(waited > NO_CLOCK_ERROR_MS ? 'syncError' : 'syncing');
  }

  private applyGains(): void {
    const view = this.view;
    applyLaneGains(
      this.program.lanes,
      view?.loudnessLufs ?? null,
      view?.next ?? null,
      this.normalize,
    );
  }

  /** The context times within [from, until) heard when the server's clock crosses a beat. */
  private serverBeats(periodS: number, from: number, until: number, offsetMs: number): number[] {
    const serverSecondsOf = (t: number) => (this.output.pageTimeOf(t)! + offsetMs) / 1000;
    const shift = serverSecondsOf(from) - from;
    return multiplesBetween(from + shift, until + shift, periodS).map((server) => server - shift);
  }

  /** The program position heard now, or null when nothing is (yet). */
  private heardPosition(): number | null {
    const heardAt = this.output.heardTimeAt(this.now());
    if (heardAt === null || !this.audio.running) return null;
    return this.program.positionAt(heardAt);
  }

  private setSync(sync: SyncState, force = false): void {
    if (sync === this.status.sync && !force) return;
    this.status = { ...this.status, sync, ...(sync === 'idle' ? { driftMs: null } : {}) };
    this.listeners.forEach((listener) => listener());
  }
}
