import type { FunctionDefinition } from './define';
import { systemFunctions } from './system';
import { roomFunctions } from './rooms';
import { roomGateFunctions } from './rooms-gate';
import { roomMemberFunctions } from './rooms-members';
import { userFunctions } from './users';

/**
 * Every function module of the app. A new module (`rooms.ts` exporting `roomFunctions`)
 * is added here and nowhere else.
 */
export const appFunctions: readonly FunctionDefinition[] = [
  ...systemFunctions,
  ...userFunctions,
  ...roomFunctions,
  ...roomGateFunctions,
  ...roomMemberFunctions,
];

export { defineAction, defineMutation, defineQuery } from './define';
export type {
  Caller,
  FunctionContext,
  FunctionDefinition,
  MutationContext,
  QueryContext,
} from './define';
export { FunctionError } from './function-error';
