import type { ComponentType } from 'react';
import { loadChunk, loadChunkWithMessages } from '../build-updates/load-chunk';

type LazyPageOptions = {
  /** The home page shows only messages of the first part: it does not wait for the others. */
  firstMessagesOnly?: boolean;
};

/**
 * A route's `lazy` that loads one page component from its own chunk, with all the messages of
 * the language. A chunk that fails to load (a new build replaced it) reloads the page once;
 * past the reload guard the error page shows.
 */
export function lazyPage<K extends string, M extends Record<K, ComponentType>>(
  load: () => Promise<M>,
  name: K,
  { firstMessagesOnly = false }: LazyPageOptions = {},
): () => Promise<{ Component: ComponentType }> {
  return async () => {
    const module = await (firstMessagesOnly ? loadChunk(load) : loadChunkWithMessages(load));
    return { Component: module[name] };
  };
}
