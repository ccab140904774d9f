import type { FunctionDefinition } from './define';
import { systemFunctions } from './system';
import { userFunctions } from './users';

/**
 * Every function module of the app. A new module (`rooms.ts` exporting `roomFunctions`)
 * is added here and nowhere else.
 */
export const appFunctions: readonly FunctionDefinition[] = [...systemFunctions, ...userFunctions];

export { defineAction, defineMutation, defineQuery } from './define';
export type {
  Caller,
  FunctionContext,
  FunctionDefinition,
  MutationContext,
  QueryContext,
} from './define';
export { FunctionError } from './function-error';
