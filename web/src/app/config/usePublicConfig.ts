import { useSyncExternalStore } from 'react';
import type { PublicConfig } from '@music-rooms/domain/config';

const listeners = new Set<() => void>();
let config: PublicConfig | undefined;
let reading = false;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (config === undefined && !reading) void read();
  return () => listeners.delete(listener);
}

/** GET /api/config: the settings the app needs at run time. */
async function fetchPublicConfig(): Promise<PublicConfig> {
  const response = await fetch('/api/config', { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`GET /api/config answered ${response.status}`);
  return (await response.json()) as PublicConfig;
}

/** One read for the tab; a failed read is tried again by the next component that asks. */
async function read(): Promise<void> {
  reading = true;
  try {
    config = await fetchPublicConfig();
    for (const listener of [...listeners]) listener();
  } catch (error) {
    console.warn(error);
  } finally {
    reading = false;
  }
}

/** The public runtime configuration, fetched once and shared by every component. */
export function usePublicConfig(): { data: PublicConfig | undefined } {
  return { data: useSyncExternalStore(subscribe, () => config) };
}
