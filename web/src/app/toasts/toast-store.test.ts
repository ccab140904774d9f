import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIMITS } from '@music-rooms/domain/limits';
import { ToastStore, toastLifetime } from './toast-store';

const ids = (store: ToastStore) => store.getToasts().map((toast) => toast.id);
const action = (onClick = () => {}) => ({ id: 'undo', label: 'Undo', onClick });

describe('toast store', () => {
  let store: ToastStore;

  beforeEach(() => {
    vi.useFakeTimers();
    store = new ToastStore();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('fills in defaults: variant default, not closable, no actions', () => {
    const id = store.notify({ title: 'Saved' });
    expect(store.getToasts()).toEqual([
      {
        id,
        title: 'Saved',
        message: undefined,
        variant: 'default',
        closable: false,
        actions: [],
        icon: undefined,
        lifetime: LIMITS.toastDefaultMs,
      },
    ]);
  });

  it('expires a notice with no actions after 5000 ms', () => {
    const id = store.notify({ title: 'Saved' });
    vi.advanceTimersByTime(LIMITS.toastDefaultMs - 1);
    expect(ids(store)).toEqual([id]);
    vi.advanceTimersByTime(1);
    expect(ids(store)).toEqual([]);
  });

  it('expires a notice with no actions after its own duration', () => {
    store.notify({ title: 'Saved', duration: 1200 });
    vi.advanceTimersByTime(1199);
    expect(store.getToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.getToasts()).toHaveLength(0);
  });

  it('keeps a notice with actions until dismissed when it has no duration', () => {
    const id = store.notify({ title: 'Removed', actions: [action()] });
    vi.advanceTimersByTime(60 * 60 * 1000);
    expect(ids(store)).toEqual([id]);
    store.dismiss(id);
    expect(ids(store)).toEqual([]);
  });

  it('expires a notice with actions when it has a duration', () => {
    store.notify({ title: 'Removed', actions: [action()], duration: 8000 });
    vi.advanceTimersByTime(7999);
    expect(store.getToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.getToasts()).toHaveLength(0);
  });

  it('never expires a closable notice with no duration', () => {
    store.notify({ title: 'Paused', closable: true });
    vi.advanceTimersByTime(60 * 60 * 1000);
    expect(store.getToasts()).toHaveLength(1);
  });

  it('expires a closable notice that has a duration', () => {
    store.notify({ title: 'Paused', closable: true, duration: 3000 });
    vi.advanceTimersByTime(3000);
    expect(store.getToasts()).toHaveLength(0);
  });

  it('treats a duration of 0 or Infinity as never expiring', () => {
    expect(toastLifetime({ duration: 0 })).toBeNull();
    expect(toastLifetime({ duration: Infinity })).toBeNull();
    store.notify({ title: 'Stays', duration: 0 });
    vi.advanceTimersByTime(60 * 60 * 1000);
    expect(store.getToasts()).toHaveLength(1);
  });

  it('pauses every timer while hovered and resumes with the remaining time', () => {
    store.notify({ id: 'a', title: 'A' });
    vi.advanceTimersByTime(1000);
    store.notify({ id: 'b', title: 'B', duration: 2000 });
    vi.advanceTimersByTime(1500);
    store.pause();
    vi.advanceTimersByTime(60_000);
    expect(ids(store)).toEqual(['a', 'b']);
    store.resume();
    vi.advanceTimersByTime(499);
    expect(ids(store)).toEqual(['a', 'b']);
    vi.advanceTimersByTime(1);
    expect(ids(store)).toEqual(['a']);
    vi.advanceTimersByTime(LIMITS.toastDefaultMs - 2500 - 500 - 1);
    expect(ids(store)).toEqual(['a']);
    vi.advanceTimersByTime(1);
    expect(ids(store)).toEqual([]);
  });

  it('does not start the timer of a notice shown while paused until resumed', () => {
    store.pause();
    store.notify({ title: 'Saved' });
    vi.advanceTimersByTime(LIMITS.toastDefaultMs * 3);
    expect(store.getToasts()).toHaveLength(1);
    store.resume();
    vi.advanceTimersByTime(LIMITS.toastDefaultMs);
    expect(store.getToasts()).toHaveLength(0);
  });

  it('ignores a second pause: the time left is not counted twice', () => {
    store.notify({ title: 'Saved' });
    vi.advanceTimersByTime(2000);
    store.pause();
    vi.advanceTimersByTime(1000);
    store.pause();
    store.resume();
    vi.advanceTimersByTime(LIMITS.toastDefaultMs - 2000 - 1);
    expect(store.getToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.getToasts()).toHaveLength(0);
  });

  it('replaces a notice shown again with the same id and restarts its timer', () => {
    store.notify({ id: 'update', title: 'First' });
    vi.advanceTimersByTime(4000);
    store.notify({ id: 'update', title: 'Second' });
    expect(store.getToasts().map((toast) => toast.title)).toEqual(['Second']);
    vi.advanceTimersByTime(4000);
    expect(store.getToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1000);
    expect(store.getToasts()).toHaveLength(0);
  });

  it('stops the old timer when a notice is replaced by one that never expires', () => {
    store.notify({ id: 'update', title: 'First' });
    store.notify({ id: 'update', title: 'Second', closable: true });
    vi.advanceTimersByTime(60_000);
    expect(store.getToasts()).toHaveLength(1);
  });

  it('keeps notices in the order they were shown', () => {
    store.notify({ id: 'a' });
    store.notify({ id: 'b' });
    store.notify({ id: 'a', title: 'again' });
    expect(ids(store)).toEqual(['a', 'b']);
  });

  it('runs an action, then closes its notice', () => {
    const onClick = vi.fn();
    const id = store.notify({ title: 'Removed', actions: [action(onClick)] });
    store.runAction(id, 'undo');
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(store.getToasts()).toHaveLength(0);
  });

  it('lets an action show a new notice', () => {
    const id = store.notify({
      title: 'Removed',
      actions: [action(() => store.notify({ title: 'Restored' }))],
    });
    store.runAction(id, 'undo');
    expect(store.getToasts().map((toast) => toast.title)).toEqual(['Restored']);
  });

  it('tells subscribers about every change, and stops after unsubscribing', () => {
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    const id = store.notify({ title: 'Saved' });
    store.dismiss(id);
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    store.notify({ title: 'Again' });
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('does not call subscribers when dismissing an unknown notice', () => {
    const listener = vi.fn();
    store.subscribe(listener);
    store.dismiss('missing');
    expect(listener).not.toHaveBeenCalled();
  });

  it('clears every notice and its timer', () => {
    store.notify({ title: 'A' });
    store.notify({ title: 'B', closable: true });
    store.clear();
    expect(store.getToasts()).toHaveLength(0);
    vi.advanceTimersByTime(LIMITS.toastDefaultMs);
    expect(store.getToasts()).toHaveLength(0);
  });
});
