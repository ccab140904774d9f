import { DomainError, YANDEX_MUSIC_ERRORS as KEYS } from '@music-rooms/domain';

const kb = (bytes: number) => Math.max(0, Math.round(bytes / 1024));

/**
 * The streaming service's refusals and failures (spec §8 Streaming service): domain errors
 * with a code a program can act on and the key the client translates.
 */
export const yandexErrors = {
  tokenInvalid: () => new DomainError('service_unauthorized', KEYS.tokenInvalid),
  authFailed: () => new DomainError('service_unauthorized', KEYS.authFailed),
  tokenValidationFailed: () => new DomainError('service_failed', KEYS.tokenValidationFailed),
  tokenNeeded: () => new DomainError('token_needed', KEYS.tokenNeeded),
  invalidUrl: () => new DomainError('invalid_args', KEYS.invalidUrl, { field: 'url' }),
  playlistNotFound: () => new DomainError('not_found', KEYS.playlistNotFound),
  playlistLoadFailed: () => new DomainError('service_failed', KEYS.playlistLoadFailed),
  trackNotFound: () => new DomainError('not_found', KEYS.trackNotFound),
  searchFailed: () => new DomainError('service_failed', KEYS.searchFailed),
  downloadInfoFailed: () => new DomainError('service_failed', KEYS.downloadInfoFailed),
  unavailable: () => new DomainError('service_unavailable', KEYS.unavailable),
  premiumRequired: () => new DomainError('service_unavailable', KEYS.premiumRequired),
  prepareFailed: () => new DomainError('service_failed', KEYS.prepareFailed),
  downloadFailed: (status: number, statusText: string) =>
    new DomainError('service_failed', KEYS.downloadFailed, {
      status,
      statusText: statusText.slice(0, 100),
    }),
  fileTooSmall: (bytes: number) =>
    new DomainError('service_failed', KEYS.fileTooSmall, { sizeKb: kb(bytes) }),
  unexpectedContentType: (contentType: string) =>
    new DomainError('service_failed', KEYS.unexpectedContentType, {
      contentType: contentType.slice(0, 100) || 'none',
    }),
  networkError: () => new DomainError('service_unreachable', KEYS.networkError),
  linkExpired: () => new DomainError('service_failed', KEYS.linkExpired),
  localDownloadFailed: () => new DomainError('storage_failed', KEYS.localDownloadFailed),
  addToRoomFailed: () => new DomainError('conflict', KEYS.addToRoomFailed),
  importNotFound: () => new DomainError('not_found', KEYS.importNotFound),
} as const;

/**
 * Failures another try may mend: the network, the service's own trouble, a link that expired.
 * The rest (no access, no subscription, a preview, an error page) fail the track at once.
 */
const RETRYABLE_KEYS = new Set<string>([
  KEYS.networkError,
  KEYS.downloadInfoFailed,
  KEYS.linkExpired,
  KEYS.localDownloadFailed,
]);

export function isRetryableFailure(error: DomainError): boolean {
  if (error.key === KEYS.downloadFailed) return Number(error.data.status) >= 500;
  return RETRYABLE_KEYS.has(error.key);
}
