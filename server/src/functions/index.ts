import type { FunctionDefinition } from './define';
import { allRoomFunctions } from './rooms';
import { systemFunctions } from './system';
import { userFunctions } from './users';

/**
 * Every function module of the app, one per area of the contract (domain/src/contract). A new
 * area's module is added here and nowhere else; the registry checks at start that every path
 * of the contract is implemented once.
 */
export const appFunctions: readonly FunctionDefinition[] = [
  ...systemFunctions,
  ...userFunctions,
  ...allRoomFunctions,
];

export { defineAction, defineFunction, defineMutation, defineQuery } from './define';
export type {
  Caller,
  FunctionContext,
  FunctionDefinition,
  MutationContext,
  QueryContext,
} from './define';
