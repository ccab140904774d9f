import type { DevDownloadScheme } from '@music-rooms/domain/dev-services';
import { callAction } from '../../../lib/api/functions';

/** The devServices.* calls of the streaming-service and artist comparison pages. */

export const checkAccount = (token: string) => callAction('devServices.account', { token });

export const resolveServiceLink = (token: string, url: string) =>
  callAction('devServices.resolve', { token, url });

export const searchServiceTracks = (token: string, query: string) =>
  callAction('devServices.search', { token, query });

export const downloadInfo = (token: string, trackId: string, scheme: DevDownloadScheme) =>
  callAction('devServices.downloadInfo', { token, trackId, scheme });

export const compareArtists = (name: string, token: string | null) =>
  callAction('devServices.compareArtists', { name, ...(token ? { token } : {}) });
