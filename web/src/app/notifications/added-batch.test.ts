import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AddedBatcher, BATCH_MAX_MS, BATCH_QUIET_MS, type AddedBatch } from './added-batch';

describe('tracks added while the tab is hidden, told in batches', () => {
  let told: AddedBatch[];
  let batcher: AddedBatcher;
  beforeEach(() => {
    vi.useFakeTimers();
    told = [];
    batcher = new AddedBatcher((batch) => told.push(batch));
  });
  afterEach(() => vi.useRealTimers());

  it('tells one batch once the additions pause, with every track and each name once', () => {
    batcher.add(1, 'Ann');
    vi.advanceTimersByTime(BATCH_QUIET_MS - 1);
    batcher.add(3, 'Lee');
    vi.advanceTimersByTime(BATCH_QUIET_MS - 1);
    batcher.add(2, 'Ann');
    expect(told).toEqual([]);
    vi.advanceTimersByTime(BATCH_QUIET_MS);
    expect(told).toEqual([{ count: 6, names: ['Ann', 'Lee'] }]);
  });

  it('starts a new batch after one was told', () => {
    batcher.add(2, 'Ann');
    vi.advanceTimersByTime(BATCH_QUIET_MS);
    batcher.add(1, null);
    vi.advanceTimersByTime(BATCH_QUIET_MS);
    expect(told).toEqual([
      { count: 2, names: ['Ann'] },
      { count: 1, names: [] },
    ]);
  });

  it('tells a batch that keeps going after BATCH_MAX_MS, then gathers the rest anew', () => {
    const step = BATCH_QUIET_MS / 2;
    for (let waited = 0; waited < BATCH_MAX_MS; waited += step) {
      batcher.add(1, 'Ann');
      vi.advanceTimersByTime(step);
    }
    expect(told).toEqual([{ count: BATCH_MAX_MS / step, names: ['Ann'] }]);
    batcher.add(1, 'Ann');
    vi.advanceTimersByTime(BATCH_QUIET_MS);
    expect(told).toHaveLength(2);
    expect(told[1]).toEqual({ count: 1, names: ['Ann'] });
  });

  it('forgets a batch dropped before it was told (the tab was shown again)', () => {
    batcher.add(4, 'Ann');
    batcher.drop();
    vi.advanceTimersByTime(BATCH_MAX_MS);
    expect(told).toEqual([]);
  });

  it('ignores an addition of no tracks', () => {
    batcher.add(0, 'Ann');
    vi.advanceTimersByTime(BATCH_MAX_MS);
    expect(told).toEqual([]);
  });
});
