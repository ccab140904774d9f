/** Right after one tooltip closed, the next opens at once: moving along a row of hints. */
const SKIP_DELAY_MS = 200;

let lastClosedAt = 0;

/** The delay shared by every tooltip of the page. */
export const tooltipTiming = {
  delayFor(delayMs: number): number {
    return Date.now() - lastClosedAt < SKIP_DELAY_MS ? 0 : delayMs;
  },
  closed(): void {
    lastClosedAt = Date.now();
  },
};

/** One pending "show" of a tooltip: starting again replaces it. */
export function createDelay() {
  let handle: ReturnType<typeof setTimeout> | null = null;
  const cancel = () => {
    if (handle !== null) clearTimeout(handle);
    handle = null;
  };
  return {
    start(run: () => void, ms: number) {
      cancel();
      handle = setTimeout(run, ms);
    },
    cancel,
  };
}
