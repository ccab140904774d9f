import {
  canonicalJson,
  normalizeFunctionPath,
  type FunctionArgs,
} from '@music-rooms/domain/functions';
import type { FunctionCallError } from '../api/function-call-error';

/** What a live query shows: nothing yet, its latest value, or the error of its latest run. */
export type LiveQueryState<Value = unknown> =
  | { status: 'loading' }
  | { status: 'value'; value: Value }
  | { status: 'error'; error: FunctionCallError };

export const LOADING: LiveQueryState = Object.freeze({ status: 'loading' });

/** One live query on the server, shared by every component that asks for the same path and args. */
export type LiveQueryEntry = {
  id: string;
  path: string;
  args: FunctionArgs;
  state: LiveQueryState;
  listeners: Set<() => void>;
};

/** Equal path and args give one key, whatever the order of the args' fields. */
export function liveQueryKey(path: string, args: FunctionArgs): string {
  return `${normalizeFunctionPath(path) ?? path} ${canonicalJson(args)}`;
}

/**
 * The live queries this tab holds, by key and by the id the server answers to. States are
 * replaced, never changed in place, so React can compare snapshots by identity.
 */
export class LiveQueryRegistry {
  private readonly byKey = new Map<string, LiveQueryEntry>();
  private readonly byId = new Map<string, LiveQueryEntry>();
  private nextId = 0;

  /** Adds a listener; `created` says the server has not been asked for this query yet. */
  add(path: string, args: FunctionArgs, listener: () => void) {
    const key = liveQueryKey(path, args);
    let entry = this.byKey.get(key);
    const created = entry === undefined;
    if (!entry) {
      this.nextId += 1;
      entry = { id: `q${this.nextId}`, path, args, state: LOADING, listeners: new Set() };
      this.byKey.set(key, entry);
      this.byId.set(entry.id, entry);
    }
    entry.listeners.add(listener);
    return { entry, created };
  }

  /** Removes a listener; answers true when it was the last one and the query was dropped. */
  remove(entry: LiveQueryEntry, listener: () => void): boolean {
    entry.listeners.delete(listener);
    if (entry.listeners.size > 0 || this.byId.get(entry.id) !== entry) return false;
    this.byId.delete(entry.id);
    this.byKey.delete(liveQueryKey(entry.path, entry.args));
    return true;
  }

  stateOf(path: string, args: FunctionArgs): LiveQueryState {
    return this.byKey.get(liveQueryKey(path, args))?.state ?? LOADING;
  }

  /** Stores an answer from the server and tells the listeners. Answers for dropped ids are ignored. */
  setState(id: string, state: LiveQueryState): void {
    const entry = this.byId.get(id);
    if (!entry) return;
    entry.state = state;
    for (const listener of [...entry.listeners]) listener();
  }

  /** Stores a first value read another way, unless an answer from the server came first. */
  setFirstState(id: string, state: LiveQueryState): void {
    if (this.byId.get(id)?.state === LOADING) this.setState(id, state);
  }

  entries(): LiveQueryEntry[] {
    return [...this.byId.values()];
  }
}
