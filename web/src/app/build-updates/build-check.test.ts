import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BuildInfo } from '@music-rooms/domain/config';
import {
  UPDATE_CHECK_INTERVAL_MS,
  createUpdatePoller,
  fetchLatestBuild,
  isUpdateAvailable,
} from './build-check';

/** Builds in the order they were made: 'abc' first, then 'def'. */
const TIMES: Record<string, number> = { old: 500, abc: 1000, def: 2000, dev: 1000 };
const build = (id: string): BuildInfo => ({ id, timestamp: TIMES[id] ?? 0 });

describe('isUpdateAvailable', () => {
  it('is true when the latest build is a newer one', () => {
    expect(isUpdateAvailable(build('abc'), build('def'))).toBe(true);
  });

  it('is false for the same build, an unknown latest build, or a development build', () => {
    expect(isUpdateAvailable(build('abc'), build('abc'))).toBe(false);
    expect(isUpdateAvailable(build('abc'), null)).toBe(false);
    expect(isUpdateAvailable(build('dev'), build('def'))).toBe(false);
  });

  it('is false for an older build, as a node not yet updated in a rolling deploy serves', () => {
    expect(isUpdateAvailable(build('def'), build('abc'))).toBe(false);
    expect(isUpdateAvailable(build('abc'), build('old'))).toBe(false);
  });

  it('is false for another build made at the same time (two nodes building the same release)', () => {
    expect(isUpdateAvailable(build('abc'), { id: 'xyz', timestamp: 1000 })).toBe(false);
  });
});

describe('fetchLatestBuild', () => {
  it('asks for /builds/latest.json with a timestamp and reads the build', async () => {
    const fetcher = vi.fn(async () => Response.json({ id: 'def', timestamp: 42 }));
    await expect(fetchLatestBuild(fetcher, 1234)).resolves.toEqual({ id: 'def', timestamp: 42 });
    expect(fetcher).toHaveBeenCalledWith('/builds/latest.json?t=1234', { cache: 'no-store' });
  });

  it('gives null for an error status, a malformed body or a network failure', async () => {
    await expect(
      fetchLatestBuild(async () => new Response('no', { status: 503 }), 1),
    ).resolves.toBeNull();
    await expect(fetchLatestBuild(async () => Response.json({ nope: 1 }), 1)).resolves.toBeNull();
    await expect(fetchLatestBuild(async () => new Response('<html>'), 1)).resolves.toBeNull();
    await expect(
      fetchLatestBuild(async () => Promise.reject(new TypeError('offline')), 1),
    ).resolves.toBeNull();
  });
});

describe('update poller', () => {
  let latest: BuildInfo | null;
  let visible: (() => void) | null;
  const fetchLatest = vi.fn(async () => latest);
  const onUpdate = vi.fn();
  const onVisible = (check: () => void) => {
    visible = check;
    return () => {
      visible = null;
    };
  };

  beforeEach(() => {
    vi.useFakeTimers();
    latest = build('abc');
    visible = null;
    fetchLatest.mockClear();
    onUpdate.mockClear();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  const poller = (currentId = 'abc') =>
    createUpdatePoller({ current: build(currentId), fetchLatest, onUpdate, onVisible });

  it('checks every five minutes and reports a new build once', async () => {
    const p = poller();
    p.start();
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS);
    expect(fetchLatest).toHaveBeenCalledTimes(1);
    expect(onUpdate).not.toHaveBeenCalled();

    latest = build('def');
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS);
    expect(onUpdate).toHaveBeenCalledWith(build('def'));

    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS * 3);
    expect(fetchLatest).toHaveBeenCalledTimes(2);
    expect(onUpdate).toHaveBeenCalledTimes(1);
  });

  it('never offers an older build and keeps asking until a newer one is out', async () => {
    const p = poller('def');
    p.start();
    latest = build('abc');
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS * 2);
    expect(fetchLatest).toHaveBeenCalledTimes(2);
    expect(onUpdate).not.toHaveBeenCalled();

    latest = { id: 'ghi', timestamp: 3000 };
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS);
    expect(onUpdate).toHaveBeenCalledWith({ id: 'ghi', timestamp: 3000 });
    p.stop();
  });

  it('checks when the tab becomes visible again', async () => {
    poller().start();
    latest = build('def');
    visible?.();
    await vi.advanceTimersByTimeAsync(0);
    expect(onUpdate).toHaveBeenCalledWith(build('def'));
    expect(visible).toBeNull();
  });

  it('never asks from a development build', async () => {
    const p = poller('dev');
    p.start();
    latest = build('def');
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS * 2);
    await expect(p.check()).resolves.toBe(false);
    expect(fetchLatest).not.toHaveBeenCalled();
    expect(visible).toBeNull();
  });

  it('stops checking when stopped', async () => {
    const p = poller();
    p.start();
    p.stop();
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS * 2);
    expect(fetchLatest).not.toHaveBeenCalled();
    expect(visible).toBeNull();
  });

  it('runs one check at a time', async () => {
    let answer: (value: BuildInfo) => void = () => {};
    fetchLatest.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    const p = poller();
    const first = p.check();
    await p.check();
    expect(fetchLatest).toHaveBeenCalledTimes(1);
    answer(build('def'));
    await expect(first).resolves.toBe(true);
    expect(onUpdate).toHaveBeenCalledTimes(1);
  });
});
