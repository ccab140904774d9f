/**
 * Counts requests that change something and have not finished, so that leaving the page
 * can warn: "Are you sure you want to leave? Your changes may not be saved."
 */
let pending = 0;
const listeners = new Set<(count: number) => void>();

export function trackPendingRequest<T>(work: Promise<T>): Promise<T> {
  setPending(pending + 1);
  return work.finally(() => setPending(pending - 1));
}

export function hasPendingRequests(): boolean {
  return pending > 0;
}

/**
 * Work that goes on while the person moves around the app but stops with the tab (an upload
 * sending its bytes): held until `release` is called, it makes closing or reloading ask first.
 */
let tabWork = 0;

export function holdTabWork(): () => void {
  tabWork += 1;
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    tabWork -= 1;
  };
}

/** Whether closing or reloading the tab now would lose something. */
export function hasWorkLostOnUnload(): boolean {
  return pending > 0 || tabWork > 0;
}

export function onPendingRequestsChange(listener: (count: number) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function setPending(count: number) {
  pending = count;
  for (const listener of listeners) listener(count);
}
