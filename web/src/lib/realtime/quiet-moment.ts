/** The longest wait for an idle moment: a busy page still connects soon after. */
const IDLE_TIMEOUT_MS = 500;

/** The browser's idle callback; the client also runs where there is none (Node, Safari). */
type IdleScheduler = {
  requestIdleCallback?: (callback: () => void, options: { timeout: number }) => number;
};

/**
 * Resolves when the browser is idle, after the frame that shows what was just rendered (or at
 * once where there is no idle callback).
 */
export function quietMoment(): Promise<void> {
  const scheduler = globalThis as IdleScheduler;
  return new Promise((resolve) => {
    if (!scheduler.requestIdleCallback) setTimeout(resolve, 0);
    else scheduler.requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
  });
}
