/**
 * Browser storage that never throws: storage can be switched off or full, and the app must keep
 * working without it (choices then last only until the page is closed).
 */
export type SafeStorage = {
  get(key: string): string | null;
  set(key: string, value: string): boolean;
  remove(key: string): void;
};

export function safeStorage(pick: () => Storage): SafeStorage {
  return {
    get(key) {
      try {
        return pick().getItem(key);
      } catch {
        return null;
      }
    },
    set(key, value) {
      try {
        pick().setItem(key, value);
        return true;
      } catch {
        return false;
      }
    },
    remove(key) {
      try {
        pick().removeItem(key);
      } catch {
        // Nothing stored that could be removed.
      }
    },
  };
}

export const local = safeStorage(() => window.localStorage);
export const session = safeStorage(() => window.sessionStorage);
