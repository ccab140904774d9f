import { DEV_MIGRATION_FUNCTIONS } from './dev-migrations';
import { DEV_SERVICE_FUNCTIONS } from './dev-services';
import { DEV_STORAGE_FUNCTIONS } from './dev-storage';
import { DEV_TRACK_FUNCTIONS } from './dev-tracks';
import { PLAYER_FUNCTIONS } from './player';
import { ROOM_FUNCTIONS } from './rooms';
import { SPOTIFY_FUNCTIONS } from './spotify';
import { SYSTEM_FUNCTIONS } from './system';
import { TRACK_FUNCTIONS } from './tracks';
import { USER_FUNCTIONS } from './users';
import { YANDEX_MUSIC_FUNCTIONS } from './yandex-music';

export type { AnyFunctionSpec, FunctionSpec, SpecValue } from './define';
export { action, mutation, query } from './define';
export { PLAYER_FUNCTIONS, ROOM_FUNCTIONS, SYSTEM_FUNCTIONS, TRACK_FUNCTIONS, USER_FUNCTIONS };
export {
  DEV_MIGRATION_FUNCTIONS,
  DEV_SERVICE_FUNCTIONS,
  DEV_STORAGE_FUNCTIONS,
  DEV_TRACK_FUNCTIONS,
  SPOTIFY_FUNCTIONS,
  YANDEX_MUSIC_FUNCTIONS,
};
export type { BatchItemResult } from './tracks';

/**
 * The whole function contract, one table per area (a new area adds its table here). The server
 * implements every path of it; the web calls them with types inferred from the same schemas.
 */
export const FUNCTION_CONTRACT = {
  ...SYSTEM_FUNCTIONS,
  ...USER_FUNCTIONS,
  ...ROOM_FUNCTIONS,
  ...TRACK_FUNCTIONS,
  ...PLAYER_FUNCTIONS,
  ...YANDEX_MUSIC_FUNCTIONS,
  ...SPOTIFY_FUNCTIONS,
  ...DEV_STORAGE_FUNCTIONS,
  ...DEV_MIGRATION_FUNCTIONS,
  ...DEV_SERVICE_FUNCTIONS,
  ...DEV_TRACK_FUNCTIONS,
} as const;

export type FunctionTable = typeof FUNCTION_CONTRACT;
export type ContractPath = keyof FunctionTable;
