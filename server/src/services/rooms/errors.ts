import { ROOM_ERRORS, type RoomErrorKey } from '@music-rooms/domain';

/**
 * A room rule that refused a call: a stable code (`not_signed_in`, `forbidden`, `not_found`,
 * `conflict`, `password_required`, `unavailable`, `rate_limited`, ...) and the ROOM_ERRORS key
 * the client translates. The functions layer passes it on as a function error.
 */
export class RoomError extends Error {
  constructor(
    readonly code: string,
    readonly key: RoomErrorKey,
    readonly data: Record<string, unknown> = {},
  ) {
    super(key);
    this.name = 'RoomError';
  }
}

export const roomErrors = {
  notSignedIn: () => new RoomError('not_signed_in', ROOM_ERRORS.notSignedIn),
  notFound: () => new RoomError('not_found', ROOM_ERRORS.notFound),
  forbidden: () => new RoomError('forbidden', ROOM_ERRORS.forbidden),
  insufficientPermissions: () => new RoomError('forbidden', ROOM_ERRORS.insufficientPermissions),
  passwordRequired: () => new RoomError('password_required', ROOM_ERRORS.passwordRequired),
  unavailable: () => new RoomError('unavailable', ROOM_ERRORS.unavailable),
  urlTaken: () => new RoomError('conflict', ROOM_ERRORS.urlTaken, { field: 'room_url' }),
  wrongPassword: () => new RoomError('wrong_password', ROOM_ERRORS.wrongPassword),
  tooManyAttempts: (retryAfterMs: number) =>
    new RoomError('rate_limited', ROOM_ERRORS.tooManyAttempts, { retryAfterMs }),
  userNotFound: () => new RoomError('not_found', ROOM_ERRORS.userNotFound),
  alreadyMember: () => new RoomError('conflict', ROOM_ERRORS.alreadyMember),
  /** A removal rule (memberChangeRefusal) said no. */
  refused: (key: RoomErrorKey) => new RoomError('forbidden', key),
} as const;
