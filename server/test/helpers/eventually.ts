import { vi } from 'vitest';

type WaitOptions = { timeout?: number; interval?: number };

/**
 * Waits until `check` passes, for as long as a loaded machine may need: the same 15 s the suites
 * give `expect.poll` (vi.waitFor's own default, one second, is shorter than a socket's reconnect
 * delay).
 */
export function eventually<T>(check: () => T | Promise<T>, options: WaitOptions = {}): Promise<T> {
  return vi.waitFor(check, { timeout: 15_000, interval: 50, ...options });
}
