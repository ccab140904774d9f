import { useSyncExternalStore } from 'react';
import type { SyncEngine } from './engine/sync-engine';
import { outputDelays, type OutputDelay } from './output-delay';
import { outputKeyOf } from './output-key';

/**
 * Gives the engine the delay kept for the audio output it plays to, now and whenever the value
 * or the output changes. Answers the function that stops following.
 */
export function followOutputDelay(engine: SyncEngine): () => void {
  const context = engine.outputContext();
  const apply = () => engine.setOutputDelay(outputDelays.get(outputKeyOf(context)).ms);
  apply();
  const stopFollowing = outputDelays.subscribe(apply);
  context?.addEventListener('sinkchange', apply);
  return () => {
    stopFollowing();
    context?.removeEventListener('sinkchange', apply);
  };
}

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
