import type { z } from 'zod';
import type { FunctionKind } from '../functions';

declare const valueType: unique symbol;

/**
 * One backend function of the contract: its kind and its args schema, and, as a type only,
 * the value it answers. The args type both sides use is inferred from the schema, so a schema
 * change that a caller does not follow fails to compile.
 */
export type FunctionSpec<Kind extends FunctionKind, Args extends z.ZodType, Value> = {
  readonly kind: Kind;
  readonly args: Args;
  readonly [valueType]?: Value;
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema, any value
export type AnyFunctionSpec = FunctionSpec<FunctionKind, z.ZodType, any>;

export type SpecValue<Spec> =
  Spec extends FunctionSpec<FunctionKind, z.ZodType, infer Value> ? Value : never;

const functionOfKind =
  <Kind extends FunctionKind>(kind: Kind) =>
  <Args extends z.ZodType>(args: Args) => ({
    /** Names the value the function answers (a type only: nothing checks it at run time). */
    returns: <Value>(): FunctionSpec<Kind, Args, Value> => ({ kind, args }),
  });

/** Reads data; may be subscribed to as a live query. */
export const query = functionOfKind('query');
/** Changes data and publishes the topics it touched. */
export const mutation = functionOfKind('mutation');
/** Talks to the outside world (mail, the streaming service) and may change data too. */
export const action = functionOfKind('action');
