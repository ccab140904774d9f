import { useCallback, useSyncExternalStore } from 'react';
import {
  canonicalJson,
  type ArgsOf,
  type FunctionArgs,
  type FunctionPathOf,
  type ValueOf,
} from '@music-rooms/domain/functions';
import { LOADING, type LiveQueryState } from './live-query-registry';
import { useRealtimeClient } from './realtime-context';

type QueryPath = FunctionPathOf<'query'>;

/**
 * The args of a live query as a parameter list: optional when the query needs none. Pass 'skip'
 * while the args are not known yet: nothing is subscribed.
 */
type LiveArgs<Path extends QueryPath> =
  Record<string, never> extends ArgsOf<Path>
    ? [args?: ArgsOf<Path> | 'skip']
    : [args: ArgsOf<Path> | 'skip'];

/**
 * The state of a live query: loading, its latest value, or its latest error. It stays current:
 * the server pushes a new value whenever what the query read has changed.
 */
export function useLiveQueryState<Path extends QueryPath>(
  path: Path,
  ...[args]: LiveArgs<Path>
): LiveQueryState<ValueOf<Path>> {
  const client = useRealtimeClient();
  // Components pass new but equal args objects on every render: key them by content.
  const argsJson = args === 'skip' ? null : canonicalJson(args ?? {});
  const subscribe = useCallback(
    (onChange: () => void) =>
      argsJson === null ? () => {} : client.watch(path, parseArgs(argsJson), onChange),
    [client, path, argsJson],
  );
  const snapshot = useCallback(
    () => (argsJson === null ? LOADING : client.stateOf(path, parseArgs(argsJson))),
    [client, path, argsJson],
  );
  return useSyncExternalStore(subscribe, snapshot, snapshot) as LiveQueryState<ValueOf<Path>>;
}

/**
 * The latest value of a live query, undefined while it loads. An error of the query is thrown,
 * for the nearest error boundary; use useLiveQueryState to show it in place instead.
 */
export function useLiveQuery<Path extends QueryPath>(
  path: Path,
  ...args: LiveArgs<Path>
): ValueOf<Path> | undefined {
  const state = useLiveQueryState(path, ...args);
  if (state.status === 'error') throw state.error;
  return state.status === 'value' ? state.value : undefined;
}

function parseArgs(json: string): FunctionArgs {
  return JSON.parse(json) as FunctionArgs;
}
