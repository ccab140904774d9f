import { describe, expect, it, vi } from 'vitest';
import { LIMITS } from '@music-rooms/domain/limits';
import type { SafeStorage } from '../../lib/storage';
import { RELOAD_GUARD_KEY, createReloadGuard } from './reload-guard';
import { isChunkLoadError } from './chunk-errors';

function memoryStorage(): SafeStorage & { values: Map<string, string> } {
  const values = new Map<string, string>();
  return {
    values,
    get: (key) => values.get(key) ?? null,
    set: (key, value) => (values.set(key, value), true),
    remove: (key) => void values.delete(key),
  };
}

/** A page load: a fresh guard over the same session storage, as after a real reload. */
function pageLoad(storage: SafeStorage, now: number) {
  const reload = vi.fn();
  const guard = createReloadGuard({ storage, now: () => now, reload });
  return { guard, reload };
}

describe('chunk reload guard', () => {
  it('reloads on the first chunk error and remembers when', () => {
    const storage = memoryStorage();
    const { guard, reload } = pageLoad(storage, 50_000);
    expect(guard.reloadOnce()).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(storage.values.get(RELOAD_GUARD_KEY)).toBe('50000');
  });

  it('does not reload again within 10 seconds of the last reload', () => {
    const storage = memoryStorage();
    pageLoad(storage, 50_000).guard.reloadOnce();
    const { guard, reload } = pageLoad(storage, 50_000 + LIMITS.reloadGuardMs - 1);
    expect(guard.reloadOnce()).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads again once the 10 seconds have passed', () => {
    const storage = memoryStorage();
    pageLoad(storage, 50_000).guard.reloadOnce();
    const { guard, reload } = pageLoad(storage, 50_000 + LIMITS.reloadGuardMs);
    expect(guard.reloadOnce()).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads only once however many chunks fail on the same page', () => {
    const { guard, reload } = pageLoad(memoryStorage(), 50_000);
    expect(guard.reloadOnce()).toBe(true);
    expect(guard.reloadOnce()).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('ignores a stored time in the future (the clock was changed)', () => {
    const storage = memoryStorage();
    storage.values.set(RELOAD_GUARD_KEY, '90000');
    const { guard, reload } = pageLoad(storage, 50_000);
    expect(guard.reloadOnce()).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload when it cannot remember the reload (no storage), to avoid a loop', () => {
    const storage: SafeStorage = { get: () => null, set: () => false, remove: () => {} };
    const { guard, reload } = pageLoad(storage, 50_000);
    expect(guard.reloadOnce()).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('isChunkLoadError', () => {
  it('recognises the chunk errors of Chromium, Firefox, Safari and Vite', () => {
    const messages = [
      'Failed to fetch dynamically imported module: http://x/assets/HomePage-1a2b.js',
      'error loading dynamically imported module: http://x/assets/HomePage-1a2b.js',
      'Importing a module script failed.',
      'Unable to preload CSS for /assets/HomePage-1a2b.css',
    ];
    for (const message of messages) expect(isChunkLoadError(new TypeError(message))).toBe(true);
  });

  it('leaves other errors alone', () => {
    expect(isChunkLoadError(new TypeError('undefined is not a function'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });
});
