import type { z } from 'zod';
import {
  FUNCTION_CONTRACT,
  type ContractPath,
  type FunctionKind,
  type FunctionPathOf,
  type FunctionTable,
  type UserId,
  type ValueOf,
} from '@music-rooms/domain';
import type { RequestDeps } from '../services/deps';

/** Who is calling: a signed-in user or a guest, the tab's session, and whether the admin key was used. */
export type Caller = {
  userId: UserId | null;
  sessionId: string | null;
  viaAdminKey: boolean;
  /** The client's address (behind a proxy, the one it reports when TRUST_PROXY is set). */
  address?: string | null;
};

type BaseContext = {
  caller: Caller;
  /** What the services need for this call: the database, the settings, shared runtime state. */
  deps: RequestDeps;
  /** Adds a line to the answer's `logLines`. */
  log: (line: string) => void;
};

/**
 * A query declares the topics it reads, so that a live query re-runs when one of them changes.
 * It may also name a channel: every caller whose run names the same channel gets the very same
 * value (the same object, never changed afterwards), so a live query's new value is serialized
 * once and sent to all of them in one broadcast. The name must cover everything the value
 * depends on (the function, its args that matter, the caller's rights).
 */
export type QueryContext = BaseContext & {
  watch: (topic: string) => void;
  share: (channel: string) => void;
};

/** A mutation or action announces what it changed; topics are published once it succeeds. */
export type MutationContext = BaseContext & { publish: (topic: string) => void };

export type FunctionContext = QueryContext & MutationContext;

type ContextOf<Kind extends FunctionKind> = Kind extends 'query' ? QueryContext : MutationContext;

type Handler<Kind extends FunctionKind, Args, Value> = (
  ctx: ContextOf<Kind>,
  args: Args,
) => Value | Promise<Value>;

/** A declared function with its types erased, as the registry and the runner hold it. */
export type FunctionDefinition = {
  kind: FunctionKind;
  path: string;
  args: z.ZodType;
  invoke: (ctx: FunctionContext, args: unknown) => Promise<unknown>;
};

type ContractHandler<Path extends ContractPath> = Handler<
  FunctionTable[Path]['kind'],
  z.output<FunctionTable[Path]['args']>,
  ValueOf<Path>
>;

/**
 * Implements a function of the shared contract: its args schema comes from the contract, and
 * the kind of the `define*` used must be the contract's (defineQuery of a mutation fails to
 * compile).
 */
function defineContract<Kind extends FunctionKind, Path extends FunctionPathOf<Kind>>(
  kind: Kind,
  path: Path,
  handler: ContractHandler<Path>,
): FunctionDefinition {
  const spec = FUNCTION_CONTRACT[path];
  if (spec.kind !== kind) throw new Error(`${path} is a ${spec.kind}, not a ${kind}`);
  return defineFunction(kind, {
    path,
    args: spec.args,
    handler: handler as Handler<Kind, unknown, unknown>,
  });
}

/** Reads data; may be subscribed to as a live query. */
export const defineQuery = <Path extends FunctionPathOf<'query'>>(
  path: Path,
  handler: ContractHandler<Path>,
) => defineContract('query', path, handler);

/** Changes data in the database and publishes the topics it touched. */
export const defineMutation = <Path extends FunctionPathOf<'mutation'>>(
  path: Path,
  handler: ContractHandler<Path>,
) => defineContract('mutation', path, handler);

/** Talks to the outside world (mail, streaming service) and may change data too. */
export const defineAction = <Path extends FunctionPathOf<'action'>>(
  path: Path,
  handler: ContractHandler<Path>,
) => defineContract('action', path, handler);

/**
 * A function outside the shared contract, with a schema of its own: for probes that tests
 * register. The app's functions use defineQuery / defineMutation / defineAction.
 */
export function defineFunction<Kind extends FunctionKind, Schema extends z.ZodType, Value>(
  kind: Kind,
  declaration: { path: string; args: Schema; handler: Handler<Kind, z.output<Schema>, Value> },
): FunctionDefinition {
  const { path, args, handler } = declaration;
  return {
    kind,
    path,
    args,
    invoke: async (ctx, parsedArgs) => handler(ctx, parsedArgs as z.output<Schema>),
  };
}
