import { useSyncExternalStore } from 'react';
import { toastStore, type Toast } from './toast-store';

/** The notices on screen. */
export function useToasts(): readonly Toast[] {
  return useSyncExternalStore(toastStore.subscribe, toastStore.getToasts);
}
