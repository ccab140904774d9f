import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as EarlyOutputs from './early-output';

/**
 * A room page's AudioContext made as the page opens, then taken by the player: how many were
 * made, what their output was read to say while they ran, and which were closed. Node has no
 * Web Audio: a stand-in context gives a stamp per read.
 */

type StandIn = { state: string; closed: boolean; reads: number };
let made: StandIn[] = [];

class StandInContext {
  readonly record: StandIn = { state: 'suspended', closed: false, reads: 0 };
  currentTime = 0;
  baseLatency = 0.01;
  outputLatency = 0.02;
  constructor() {
    made.push(this.record);
  }
  get state() {
    return this.record.state;
  }
  getOutputTimestamp() {
    this.record.reads += 1;
    return { contextTime: this.record.reads * 0.05, performanceTime: this.record.reads * 50 };
  }
  close() {
    this.record.closed = true;
    return Promise.resolve();
  }
}

// Each test is a page of its own: the module's state (what was opened early) starts afresh.
let early: typeof EarlyOutputs;

beforeEach(async () => {
  vi.resetModules();
  early = await import('./early-output');
  made = [];
  vi.useFakeTimers();
  vi.stubGlobal('AudioContext', StandInContext);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('a room page’s early AudioContext', () => {
  it('is made once, and its output read while it runs until the player takes it', () => {
    early.openOutputEarly();
    early.openOutputEarly();
    expect(made).toHaveLength(1);
    // Suspended (the browser waits for a click): nothing to read.
    vi.advanceTimersByTime(200);
    expect(made[0]!.reads).toBe(0);
    made[0]!.state = 'running';
    vi.advanceTimersByTime(200);
    const opened = early.takeEarlyOutput()!;
    expect(opened.readings).toHaveLength(4);
    expect(opened.readings[0]).toMatchObject({ stampContextTime: 0.05, latency: 0.03 });
    // Taken, it is read no more here, and is the player's: not closed.
    vi.advanceTimersByTime(60_000);
    expect(made[0]!.reads).toBe(4);
    expect(made[0]!.closed).toBe(false);
  });

  it('is taken once; after that the page opens none early', () => {
    early.openOutputEarly();
    expect(early.takeEarlyOutput()).not.toBeNull();
    expect(early.takeEarlyOutput()).toBeNull();
    early.openOutputEarly();
    expect(made).toHaveLength(1);
  });

  it('is closed when no player takes it within half a minute', () => {
    early.openOutputEarly();
    vi.advanceTimersByTime(29_000);
    expect(made[0]!.closed).toBe(false);
    vi.advanceTimersByTime(1_000);
    expect(made[0]!.closed).toBe(true);
    expect(early.takeEarlyOutput()).toBeNull();
  });
});
