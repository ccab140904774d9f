import type { SyncEngine } from './engine/sync-engine';
import { outputDelays } from './output-delay';
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
