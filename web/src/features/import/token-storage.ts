import { useCallback, useSyncExternalStore } from 'react';
import { local } from '../../lib/storage';

/**
 * The person's streaming-service token, in this browser's localStorage only (spec §3): it goes
 * with each call that needs it and is never sent anywhere else. Forgetting it is one click.
 */
const KEY = 'music-rooms:yandex-music-token';
const listeners = new Set<() => void>();

const notify = () => listeners.forEach((listener) => listener());

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => event.key === KEY && listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

const read = () => local.get(KEY);

export function useServiceToken() {
  const token = useSyncExternalStore(subscribe, read, () => null);
  const save = useCallback((value: string) => {
    local.set(KEY, value);
    notify();
  }, []);
  const forget = useCallback(() => {
    local.remove(KEY);
    notify();
  }, []);
  return { token, save, forget };
}
