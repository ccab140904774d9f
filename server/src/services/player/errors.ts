import { DomainError, PLAYER_ERRORS } from '@music-rooms/domain';

/**
 * The player rules that refuse a call: domain errors with a stable code and the PLAYER_ERRORS
 * key the client translates. Room access refusals come from roomErrors (authorizeRoom).
 */
export const playerErrors = {
  /** Someone changed the player first: the caller sees `revision` and may try again. */
  staleRevision: (revision: number) =>
    new DomainError('conflict', PLAYER_ERRORS.staleRevision, { revision }),
  hostNotPresent: () => new DomainError('conflict', PLAYER_ERRORS.hostNotPresent),
  /** The room lets only its host control the playback, and the caller is not the host. */
  onlyHost: () => new DomainError('forbidden', PLAYER_ERRORS.onlyHost),
} as const;
