import { useCallback, useRef, useSyncExternalStore } from 'react';
import {
  canonicalJson,
  type ArgsOf,
  type FunctionArgs,
  type FunctionPathOf,
  type ValueOf,
} from '@music-rooms/domain/functions';
import type { LiveQueryState } from './live-query-registry';
import { useRealtimeClient } from './realtime-context';

/**
 * The states of several live queries of one function, in the order of `argsList` (the pages of
 * a list, each its own live query). The array is the same object until one of the states changes.
 */
export function useLiveQueries<Path extends FunctionPathOf<'query'>>(
  path: Path,
  argsList: readonly ArgsOf<Path>[],
): readonly LiveQueryState<ValueOf<Path>>[] {
  const client = useRealtimeClient();
  // Callers build new but equal args on every render: key them by content.
  const listJson = canonicalJson(argsList);
  const cache = useRef<readonly LiveQueryState[]>([]);

  const subscribe = useCallback(
    (onChange: () => void) => {
      const stops = parseList(listJson).map((args) => client.watch(path, args, onChange));
      return () => stops.forEach((stop) => stop());
    },
    [client, path, listJson],
  );

  const snapshot = useCallback(() => {
    const next = parseList(listJson).map((args) => client.stateOf(path, args));
    const previous = cache.current;
    const same =
      previous.length === next.length && next.every((state, index) => state === previous[index]);
    if (!same) cache.current = next;
    return cache.current;
  }, [client, path, listJson]);

  return useSyncExternalStore(subscribe, snapshot, snapshot) as readonly LiveQueryState<
    ValueOf<Path>
  >[];
}

function parseList(json: string): FunctionArgs[] {
  return JSON.parse(json) as FunctionArgs[];
}
