import type { FunctionErrorData } from '@music-rooms/domain/functions';

/**
 * The one error of a call to the server that did not succeed: a backend function's own error
 * (HTTP 560, with its code and data), the server refusing the request (unknown function, bad
 * request, fault), or an account route's refusal (its error body, see error-body.ts). `data`
 * holds the translation key, the form field it concerns and the values the message names.
 */
export class FunctionCallError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly data: FunctionErrorData = { code, key: code },
    /** The HTTP status; 560 for a function's own error, null when it came over the socket. */
    readonly status: number | null = null,
    readonly logLines: readonly string[] = [],
  ) {
    super(message);
    this.name = 'FunctionCallError';
  }
}
