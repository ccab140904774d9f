import { ROOM_FUNCTIONS } from './rooms';
import { SYSTEM_FUNCTIONS } from './system';
import { USER_FUNCTIONS } from './users';

export type { AnyFunctionSpec, FunctionSpec, SpecValue } from './define';
export { action, mutation, query } from './define';
export { ROOM_FUNCTIONS, SYSTEM_FUNCTIONS, USER_FUNCTIONS };

/**
 * The whole function contract, one table per area (a new area adds its table here). The server
 * implements every path of it; the web calls them with types inferred from the same schemas.
 */
export const FUNCTION_CONTRACT = {
  ...SYSTEM_FUNCTIONS,
  ...USER_FUNCTIONS,
  ...ROOM_FUNCTIONS,
} as const;

export type FunctionTable = typeof FUNCTION_CONTRACT;
export type ContractPath = keyof FunctionTable;
