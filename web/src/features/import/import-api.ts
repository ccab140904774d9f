import type { PlaylistId, RoomId } from '@music-rooms/domain/ids';
import { callAction, callMutation } from '../../lib/api/functions';

/** The calls of the import (contract: domain/src/contract/yandex-music.ts). */

export const validateToken = (token: string) => callAction('yandexMusic.validateToken', { token });

export const resolveLink = (token: string, url: string) =>
  callAction('yandexMusic.resolve', { token, url });

export const readLibrary = (token: string) => callAction('yandexMusic.library', { token });

export const readLikedTracks = (token: string) => callAction('yandexMusic.likedTracks', { token });

export const searchService = (token: string, query: string) =>
  callAction('yandexMusic.search', { token, query });

export const startImport = (args: {
  token: string;
  roomId: RoomId;
  trackIds: string[];
  playlistId?: PlaylistId;
  title?: string;
}) => callAction('yandexMusic.import', args);

export const retryImport = (token: string, importId: string, itemIds?: string[]) =>
  callAction('yandexMusic.retryImport', { token, importId, ...(itemIds ? { itemIds } : {}) });

export const cancelImport = (importId: string) =>
  callMutation('yandexMusic.cancelImport', { importId });

export const removeFailed = (importId: string, itemIds?: string[]) =>
  callMutation('yandexMusic.removeFailed', { importId, ...(itemIds ? { itemIds } : {}) });
