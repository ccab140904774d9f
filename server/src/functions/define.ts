import type { z } from 'zod';
import type { FunctionKind, ValueOf } from '@music-rooms/domain';
import type { Config } from '../config';
import type { Database } from '../db';
import type { AttemptLimiter } from '../services/attempt-limiter';
import type { Presence } from '../services/presence/presence';
import type { RoomListCache } from '../services/rooms/list-cache';

/** Who is calling: a signed-in user or a guest, the tab's session, and whether the admin key was used. */
export type Caller = {
  userId: string | null;
  sessionId: string | null;
  viaAdminKey: boolean;
  /** The client's address (behind a proxy, the one it reports when TRUST_PROXY is set). */
  address?: string | null;
};

/** Shared state a function may need besides the database: who is where, attempt counters. */
export type FunctionServices = {
  presence: Presence;
  attempts: AttemptLimiter;
  roomLists: RoomListCache;
};

type BaseContext = {
  db: Database;
  caller: Caller;
  config: Config;
  services: FunctionServices;
  /** Adds a line to the answer's `logLines`. */
  log: (line: string) => void;
};

/** A query declares the topics it reads, so that a live query re-runs when one of them changes. */
export type QueryContext = BaseContext & { watch: (topic: string) => void };

/** A mutation or action announces what it changed; topics are published once it succeeds. */
export type MutationContext = BaseContext & { publish: (topic: string) => void };

export type FunctionContext = QueryContext & MutationContext;

type ContextOf<Kind extends FunctionKind> = Kind extends 'query' ? QueryContext : MutationContext;

type Handler<Kind extends FunctionKind, Schema extends z.ZodType, Path extends string> = (
  ctx: ContextOf<Kind>,
  args: z.output<Schema>,
) => ValueOf<Path> | Promise<ValueOf<Path>>;

type Declaration<Kind extends FunctionKind, Path extends string, Schema extends z.ZodType> = {
  /** Dotted path, `module.name` (the HTTP layer also accepts `module:name`). */
  path: Path;
  args: Schema;
  handler: Handler<Kind, Schema, Path>;
};

/** A declared function with its types erased, as the registry and the runner hold it. */
export type FunctionDefinition = {
  kind: FunctionKind;
  path: string;
  args: z.ZodType;
  invoke: (ctx: FunctionContext, args: unknown) => Promise<unknown>;
};

function define<Kind extends FunctionKind, Path extends string, Schema extends z.ZodType>(
  kind: Kind,
  declaration: Declaration<Kind, Path, Schema>,
): FunctionDefinition {
  const { path, args, handler } = declaration;
  return {
    kind,
    path,
    args,
    invoke: async (ctx, parsedArgs) => handler(ctx, parsedArgs as z.output<Schema>),
  };
}

/** Reads data; may be subscribed to as a live query. */
export const defineQuery = <Path extends string, Schema extends z.ZodType>(
  declaration: Declaration<'query', Path, Schema>,
) => define('query', declaration);

/** Changes data in the database and publishes the topics it touched. */
export const defineMutation = <Path extends string, Schema extends z.ZodType>(
  declaration: Declaration<'mutation', Path, Schema>,
) => define('mutation', declaration);

/** Talks to the outside world (mail, streaming service) and may change data too. */
export const defineAction = <Path extends string, Schema extends z.ZodType>(
  declaration: Declaration<'action', Path, Schema>,
) => define('action', declaration);
