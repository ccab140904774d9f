import { vi } from 'vitest';

type WaitOptions = { timeout?: number; interval?: number };

/**
 * Waits until `check` passes, for as long as a loaded machine may need: the same minute the
 * integration suite gives `expect.poll` (vi.waitFor's own default, one second, is shorter than a
 * socket's reconnect delay). Only a check that fails waits that long.
 */
export function eventually<T>(check: () => T | Promise<T>, options: WaitOptions = {}): Promise<T> {
  return vi.waitFor(check, { timeout: 60_000, interval: 50, ...options });
}
