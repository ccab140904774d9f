import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BuildInfo } from '@music-rooms/domain/config';
import {
  UPDATE_CHECK_INTERVAL_MS,
  createUpdatePoller,
  fetchLatestBuild,
  isUpdateAvailable,
} from '../src/features/build-updates/build-check';

const build = (id: string): BuildInfo => ({ id, timestamp: 1 });

describe('isUpdateAvailable', () => {
  it('is true when the latest build differs from this one', () => {
    expect(isUpdateAvailable('abc', build('def'))).toBe(true);
  });

  it('is false for the same build, an unknown latest build, or a development build', () => {
    expect(isUpdateAvailable('abc', build('abc'))).toBe(false);
    expect(isUpdateAvailable('abc', null)).toBe(false);
    expect(isUpdateAvailable('dev', build('def'))).toBe(false);
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
    createUpdatePoller({ currentId, fetchLatest, onUpdate, onVisible });

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
