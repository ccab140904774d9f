import { AUTH_ERROR_TEXT, AUTH_ERRORS } from './auth';
import { PLAYER_ERROR_TEXT } from './player';
import { ROOM_ERROR_TEXT } from './rooms';
import { SPOTIFY_ERROR_TEXT } from './spotify';
import { DEV_STORAGE_ERROR_TEXT } from './dev-storage';
import { DEV_TRACK_ERROR_TEXT } from './dev-tracks';
import { TRACK_ERROR_TEXT } from './tracks';
import { YANDEX_MUSIC_ERROR_TEXT } from './yandex-music';
import type { VALIDATION } from './schemas/validation-keys';

/**
 * One error family for every domain rule (rooms, accounts, the platform itself): a stable
 * `code` for programs, a translation `key` the client shows, and `data` the message may name
 * (`field`, `count`, `retryAfterMs`...). The server maps it in one place: a function answers
 * 560 `{errorMessage, errorData: {code, key, ...data}}`, a route the 4xx its code stands for.
 * A new area adds codes and keys, never a class of its own.
 */
export class DomainError extends Error {
  constructor(
    readonly code: string,
    readonly key: string,
    readonly data: DomainErrorData = {},
    /** Readable English when the key's own text says too little (which argument, which path). */
    message?: string,
  ) {
    super(message ?? errorText(key, data));
    this.name = 'DomainError';
  }

  /** What travels to the client besides the readable message. */
  get errorData(): { code: string; key: string } & DomainErrorData {
    return { ...this.data, code: this.code, key: this.key };
  }
}

export type DomainErrorData = { field?: string; [name: string]: unknown };

/**
 * The one body of a refused HTTP request, from any route (the account routes, uploads): the
 * error's data (the field it concerns, the values its message names), its code and key, the
 * status, and the readable English. The key comes again as `statusMessage` (spec §8: server
 * errors arrive as statusMessage). A function's own error travels as 560 with the same
 * `errorData` instead.
 */
export type ErrorBody = DomainErrorData & {
  statusCode: number;
  /** The status's own words (Bad Request, Too Many Requests...). */
  error: string;
  code: string;
  key: string;
  message: string;
  statusMessage: string;
};

/** Codes the platform itself gives; areas add their own (`forbidden`, `conflict`, ...). */
export const PLATFORM_ERROR_CODES = {
  invalidArgs: 'invalid_args',
  wrongFunctionKind: 'wrong_function_kind',
  functionNotFound: 'function_not_found',
  notFound: 'not_found',
  invalidRequest: 'invalid_request',
  malformedJson: 'malformed_json',
  invalidAdminKey: 'invalid_admin_key',
  invalidToken: 'invalid_token',
  internal: 'internal',
} as const;

/** Keys of the platform's own errors: a developer's mistake more than a user's. */
export const PLATFORM_ERRORS = {
  invalidArgs: 'errors.invalidArgs',
  wrongFunctionKind: 'errors.wrongFunctionKind',
  functionNotFound: 'errors.functionNotFound',
  notFound: 'errors.notFound',
  invalidRequest: 'errors.invalidRequest',
  invalidAdminKey: 'errors.invalidAdminKey',
  invalidToken: 'errors.invalidToken',
  internal: 'errors.internal',
} as const;
type PlatformErrorKey = (typeof PLATFORM_ERRORS)[keyof typeof PLATFORM_ERRORS];

const PLATFORM_ERROR_TEXT: Record<PlatformErrorKey, string> = {
  'errors.invalidArgs': 'Invalid arguments',
  'errors.wrongFunctionKind': 'This function cannot be called this way',
  'errors.functionNotFound': 'Unknown function',
  'errors.notFound': 'Not Found',
  'errors.invalidRequest': 'Invalid request',
  'errors.invalidAdminKey': 'Invalid admin key',
  'errors.invalidToken': 'Invalid or expired token',
  'errors.internal': 'Internal Server Error',
};

type ValidationKey = (typeof VALIDATION)[keyof typeof VALIDATION];

/** The English of each validation rule (the forms show the translated one). */
const VALIDATION_TEXT: Record<ValidationKey, string> = {
  'validation.required': 'This field is required',
  'validation.invalidEmail': 'Invalid email address',
  'validation.minLength': 'Minimum {{count}} characters',
  'validation.maxLength': 'Maximum {{count}} characters',
  'validation.usernameFormat': 'Only Latin letters, digits and underscore are allowed',
  'validation.displayNameLength': 'The name must be {{min}} to {{max}} characters long',
  'validation.usernameLength': 'The username must be {{min}} to {{max}} characters long',
  'validation.passwordsDoNotMatch': 'Passwords do not match',
  'validation.noChanges': 'Change at least one field to save',
  'validation.invalidFormat': 'Invalid format',
};

/** Every error key with its English text: the readable `errorMessage` of an answer. */
export const ERROR_TEXT: Readonly<Record<string, string>> = {
  ...PLATFORM_ERROR_TEXT,
  ...VALIDATION_TEXT,
  ...AUTH_ERROR_TEXT,
  ...ROOM_ERROR_TEXT,
  ...TRACK_ERROR_TEXT,
  ...PLAYER_ERROR_TEXT,
  ...YANDEX_MUSIC_ERROR_TEXT,
  ...SPOTIFY_ERROR_TEXT,
  ...DEV_STORAGE_ERROR_TEXT,
  ...DEV_TRACK_ERROR_TEXT,
};

/** The English of a key, with `{{name}}` filled from data; an unknown key reads as itself. */
export function errorText(key: string, data: DomainErrorData = {}): string {
  const text = ERROR_TEXT[key] ?? key;
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    data[name] === undefined ? whole : String(data[name]),
  );
}

/** The account errors that several areas raise alike. */
export const accountErrors = {
  notSignedIn: () => new DomainError('not_signed_in', AUTH_ERRORS.notSignedIn),
  forbidden: () => new DomainError('forbidden', AUTH_ERRORS.forbidden),
} as const;
