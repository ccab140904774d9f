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

export function onPendingRequestsChange(listener: (count: number) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function setPending(count: number) {
  pending = count;
  for (const listener of listeners) listener(count);
}
