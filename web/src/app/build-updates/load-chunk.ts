import { lazy, type ComponentType } from 'react';
import { loadAllMessages } from '../../i18n';
import { isChunkLoadError } from './chunk-errors';
import { chunkReload } from './chunk-reload';

/** A promise that never settles: the page is reloading, nothing should render meanwhile. */
const whileReloading = () => new Promise<never>(() => {});

/**
 * Loads a chunk of the app. A chunk that fails to load (a new build replaced it) reloads the
 * page once, and the promise never settles; past the reload guard the error goes on.
 */
export async function loadChunk<M>(load: () => Promise<M>): Promise<M> {
  let module: M | undefined;
  try {
    module = await load();
  } catch (error) {
    if (isChunkLoadError(error) && chunkReload.reloadOnce()) return whileReloading();
    throw error;
  }
  // Vite resolves the import with nothing when its preload-error handler chose to reload.
  if (module === undefined) return whileReloading();
  return module;
}

/**
 * Loads a chunk together with all the messages of the language: the first page came with only
 * its own, and the chunk's texts may be among the others.
 */
export function loadChunkWithMessages<M>(load: () => Promise<M>): Promise<M> {
  return loadChunk(async () => (await Promise.all([load(), loadAllMessages()]))[0]);
}

/** A component loaded from its own chunk when first rendered (inside a Suspense boundary). */
export function lazyComponent<P extends object, K extends string>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
) {
  return lazy(async () => ({ default: (await loadChunkWithMessages(load))[name] }));
}
