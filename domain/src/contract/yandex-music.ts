import { z } from 'zod';
import type {
  ImportView,
  ResolvedLink,
  ServiceLibrary,
  ServiceSearchResult,
  TokenCheck,
} from '../yandex-music';
import { roomIdSchema } from '../schemas/ids';
import {
  importArgsSchema,
  importIdSchema,
  serviceLinkSchema,
  serviceSearchSchema,
  serviceTokenSchema,
} from '../schemas/yandex-music';
import { action, mutation, query } from './define';

/**
 * The yandexMusic.* functions: the import from the streaming service (spec §7 streaming-service
 * flows). The person's token travels in each action that talks to the service and is never
 * stored; an import runs on the server as durable jobs whose progress is a live query.
 */
export const YANDEX_MUSIC_FUNCTIONS = {
  /** The token's account and the title of a track it can read (null when none). */
  'yandexMusic.validateToken': action(
    z.object({ token: serviceTokenSchema }),
  ).returns<TokenCheck>(),
  /** What a link points to (track, album, playlist), with each track and its availability. */
  'yandexMusic.resolve': action(
    z.object({ token: serviceTokenSchema, url: serviceLinkSchema }),
  ).returns<ResolvedLink>(),
  /** The token's account's own library: how many liked tracks, and its playlists. */
  'yandexMusic.library': action(z.object({ token: serviceTokenSchema })).returns<ServiceLibrary>(),
  /** The account's liked tracks (the newest, up to an import's limit), to choose from. */
  'yandexMusic.likedTracks': action(
    z.object({ token: serviceTokenSchema }),
  ).returns<ResolvedLink>(),
  'yandexMusic.search': action(
    z.object({ token: serviceTokenSchema, query: serviceSearchSchema }),
  ).returns<ServiceSearchResult>(),
  /** Starts importing the chosen tracks into a room; follow it with importStatus. */
  'yandexMusic.import': action(importArgsSchema).returns<ImportView>(),
  /** One import of the caller's, live: each track's progress and errors. */
  'yandexMusic.importStatus': query(z.object({ importId: importIdSchema })).returns<ImportView>(),
  /** The caller's imports into a room from the last day, newest first (after a reload). */
  'yandexMusic.listImports': query(z.object({ roomId: roomIdSchema })).returns<ImportView[]>(),
  /** Stops an import: tracks not yet in the room are dropped. */
  'yandexMusic.cancelImport': mutation(
    z.object({ importId: importIdSchema }),
  ).returns<ImportView>(),
  /** Removes an import's failed tracks (or the ones named): from its panel, and their rows. */
  'yandexMusic.removeFailed': mutation(
    z.object({
      importId: importIdSchema,
      itemIds: z.array(importIdSchema).max(500).optional(),
    }),
  ).returns<ImportView>(),
  /** Puts an import's failed tracks (or the ones named) back in the queue, with the token again. */
  'yandexMusic.retryImport': action(
    z.object({
      token: serviceTokenSchema,
      importId: importIdSchema,
      itemIds: z.array(importIdSchema).max(500).optional(),
    }),
  ).returns<ImportView>(),
} as const;
