import type { ComponentType } from 'react';
import { loadChunk } from '../build-updates/load-chunk';

/**
 * A route's `lazy` that loads one page component from its own chunk. A chunk that fails to load
 * (a new build replaced it) reloads the page once; past the reload guard the error page shows.
 */
export function lazyPage<K extends string, M extends Record<K, ComponentType>>(
  load: () => Promise<M>,
  name: K,
): () => Promise<{ Component: ComponentType }> {
  return async () => {
    const module = await loadChunk(load);
    return { Component: module[name] };
  };
}
