import type { FunctionDefinition } from './define';
import { devMigrationFunctions } from './dev-migrations';
import { devServiceFunctions } from './dev-services';
import { devStorageFunctions } from './dev-storage';
import { devTrackFunctions } from './dev-tracks';
import { playerFunctions } from './player';
import { allRoomFunctions } from './rooms';
import { spotifyFunctions } from './spotify';
import { systemFunctions } from './system';
import { allTrackFunctions } from './tracks';
import { userFunctions } from './users';
import { yandexMusicFunctions } from './yandex-music';

/**
 * Every function module of the app, one per area of the contract (domain/src/contract). A new
 * area's module is added here and nowhere else; the registry checks at start that every path
 * of the contract is implemented once.
 */
export const appFunctions: readonly FunctionDefinition[] = [
  ...systemFunctions,
  ...userFunctions,
  ...allRoomFunctions,
  ...allTrackFunctions,
  ...playerFunctions,
  ...yandexMusicFunctions,
  ...spotifyFunctions,
  ...devStorageFunctions,
  ...devMigrationFunctions,
  ...devServiceFunctions,
  ...devTrackFunctions,
];

export { defineAction, defineFunction, defineMutation, defineQuery } from './define';
export type {
  Caller,
  FunctionContext,
  FunctionDefinition,
  MutationContext,
  QueryContext,
} from './define';
