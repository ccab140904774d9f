// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { LIMITS } from '@music-rooms/domain/limits';
import { notify, toastStore } from './toast-store';
import { renderInApp, setupComponentTests } from '../shell/render-app.test-support';

setupComponentTests();

/** Lets time pass for the notices' timers, and React show what they did. */
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('Toaster (spec §4 Toasts: hovering pauses the timers)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    renderInApp(<p>page</p>, { user: null });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps every notice while the pointer is over one, then lets each go with the time it had left', () => {
    act(() => void notify({ title: 'First' }));
    wait(1000);
    act(() => void notify({ title: 'Second' }));
    wait(1000);

    fireEvent.pointerOver(screen.getByText('First'));
    expect(toastStore.isPaused()).toBe(true);
    wait(LIMITS.toastDefaultMs * 3);
    expect(screen.getByText('First')).toBeInTheDocument();
    expect(screen.getByText('Second')).toBeInTheDocument();

    // The pointer moves on to the page: the first had 3 s left, the second 4 s.
    fireEvent.pointerOver(screen.getByText('page'));
    expect(toastStore.isPaused()).toBe(false);
    wait(LIMITS.toastDefaultMs - 2000 - 1);
    expect(screen.getByText('First')).toBeInTheDocument();
    wait(1);
    expect(screen.queryByText('First')).toBeNull();
    expect(screen.getByText('Second')).toBeInTheDocument();
    wait(1000);
    expect(screen.queryByText('Second')).toBeNull();
  });

  it('pauses while the keyboard focus is inside a notice, and resumes when it leaves', () => {
    act(() => void notify({ title: 'Saved', actions: [], duration: 3000, closable: true }));
    const close = screen.getByRole('button', { name: 'Close' });
    act(() => close.focus());
    expect(toastStore.isPaused()).toBe(true);
    wait(10_000);
    expect(screen.getByText('Saved')).toBeInTheDocument();

    act(() => close.blur());
    expect(toastStore.isPaused()).toBe(false);
    wait(3000);
    expect(screen.queryByText('Saved')).toBeNull();
  });

  it('resumes when the pointer leaves the window, and after the last notice went away', () => {
    act(() => void notify({ title: 'Bye' }));
    fireEvent.pointerOver(screen.getByText('Bye'));
    fireEvent.pointerOut(screen.getByText('Bye'), { relatedTarget: null });
    expect(toastStore.isPaused()).toBe(false);

    fireEvent.pointerOver(screen.getByText('Bye'));
    act(() => toastStore.clear());
    expect(toastStore.isPaused()).toBe(false);
  });
});
