import { DomainError, SPOTIFY_ERRORS as KEYS } from '@music-rooms/domain';

/** The errors of the Spotify catalogue, each with the key the page shows. */
export const spotifyErrors = {
  notConfigured: () => new DomainError('service_not_configured', KEYS.notConfigured),
  rateLimited: (retryAfterMs: number) =>
    new DomainError('rate_limited', KEYS.rateLimited, {
      retryAfterMs,
      seconds: Math.ceil(retryAfterMs / 1000),
    }),
  failed: (status: number) => new DomainError('service_failed', KEYS.failed, { status }),
  credentialsRefused: () => new DomainError('service_unauthorized', KEYS.credentialsRefused),
  trackNotFound: () => new DomainError('not_found', KEYS.trackNotFound),
} as const;
