import { DomainError, ROOM_ERRORS, type RoomErrorKey } from '@music-rooms/domain';

/**
 * The room rules that refuse a call: domain errors with a stable code (`not_signed_in`,
 * `forbidden`, `not_found`, `conflict`, `password_required`, `unavailable`, `rate_limited`, ...)
 * and the ROOM_ERRORS key the client translates.
 */
export const roomErrors = {
  notSignedIn: () => new DomainError('not_signed_in', ROOM_ERRORS.notSignedIn),
  notFound: () => new DomainError('not_found', ROOM_ERRORS.notFound),
  forbidden: () => new DomainError('forbidden', ROOM_ERRORS.forbidden),
  insufficientPermissions: () => new DomainError('forbidden', ROOM_ERRORS.insufficientPermissions),
  passwordRequired: () => new DomainError('password_required', ROOM_ERRORS.passwordRequired),
  unavailable: () => new DomainError('unavailable', ROOM_ERRORS.unavailable),
  urlTaken: () => new DomainError('conflict', ROOM_ERRORS.urlTaken, { field: 'room_url' }),
  wrongPassword: () =>
    new DomainError('wrong_password', ROOM_ERRORS.wrongPassword, { field: 'password' }),
  tooManyAttempts: (retryAfterMs: number) =>
    new DomainError('rate_limited', ROOM_ERRORS.tooManyAttempts, { retryAfterMs }),
  userNotFound: () =>
    new DomainError('not_found', ROOM_ERRORS.userNotFound, { field: 'usernameOrEmail' }),
  alreadyMember: () =>
    new DomainError('conflict', ROOM_ERRORS.alreadyMember, { field: 'usernameOrEmail' }),
  /** A removal rule (memberChangeRefusal) said no. */
  refused: (key: RoomErrorKey) => new DomainError('forbidden', key),
} as const;
