import type { FunctionErrorData } from '@music-rooms/domain/functions';

/**
 * A backend function call that did not succeed: the function's own error (HTTP 560, with its
 * code and data), or the server refusing the request (unknown function, bad request, fault).
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
