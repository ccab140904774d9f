/** Where the browser's own id is kept: every tab of the browser reads the same one. */
export const BROWSER_ID_KEY = 'music-rooms:browser-id';

const BROWSER_ID = /^[A-Za-z0-9_-]{8,64}$/;

/** The part of localStorage used here (the client also runs where there is none: in Node). */
type KeyValueStore = {
  getItem: (key: string) => string | null;
  setItem: (key: string, value: string) => void;
};

/**
 * This browser's id, made the first time it is asked for and kept in localStorage. The realtime
 * handshake carries it, so a guest's tabs and reloads count once in a room's presence. Without
 * storage each call makes a new one: the client asks once, so each page load counts as its own.
 */
export function browserId(store: KeyValueStore | null = localStore()): string {
  try {
    const existing = store?.getItem(BROWSER_ID_KEY);
    if (existing && BROWSER_ID.test(existing)) return existing;
    const id = randomId();
    store?.setItem(BROWSER_ID_KEY, id);
    return id;
  } catch {
    // Storage switched off or full.
    return randomId();
  }
}

function localStore(): KeyValueStore | null {
  try {
    return (globalThis as { localStorage?: KeyValueStore }).localStorage ?? null;
  } catch {
    return null;
  }
}

function randomId(): string {
  // Pages served over plain http from another machine have no randomUUID: hex digits do.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
