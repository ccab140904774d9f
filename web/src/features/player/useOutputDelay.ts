import { useSyncExternalStore } from 'react';
import type { SyncEngine } from './engine/sync-engine';
import { outputDelays, type OutputDelay } from './output-delay';
import { outputKeyOf } from './output-key';

/** The delay kept for the engine's audio output, and how to change it. */
export function useOutputDelay(engine: SyncEngine) {
  const output = outputKeyOf(engine.outputContext());
  // Read as plain values: the store answers a new object each time.
  const ms = useSyncExternalStore(outputDelays.subscribe, () => outputDelays.get(output).ms);
  const source = useSyncExternalStore(
    outputDelays.subscribe,
    () => outputDelays.get(output).source,
  );
  const set = (next: OutputDelay) => outputDelays.set(output, next);
  return { ms, source, set };
}
