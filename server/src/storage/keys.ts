/** Keys are the server's own (`audio/<uuid>`); anything else is a bug, not a path to follow. */
const KEY = /^[a-z]+(?:\/[A-Za-z0-9._-]+)+$/;

/** Whether a key is one a store holds: every store accepts these, and no path leaves its root. */
export function isStorageKey(key: string): boolean {
  return KEY.test(key) && !key.split('/').some((part) => part === '..' || part === '.');
}
