import { vi } from 'vitest';
import { POLL_TIMEOUT_MS } from './poll-limit';

type WaitOptions = { timeout?: number; interval?: number };

/**
 * Waits until `check` passes, for as long as the integration suite gives `expect.poll`
 * (vi.waitFor's own default, one second, is shorter than a socket's reconnect delay).
 */
export function eventually<T>(check: () => T | Promise<T>, options: WaitOptions = {}): Promise<T> {
  return vi.waitFor(check, { timeout: POLL_TIMEOUT_MS, interval: 50, ...options });
}
