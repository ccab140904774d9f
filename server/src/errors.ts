/**
 * An error the client caused or may act on: it carries an HTTP status and a stable code
 * (the spec's message key where it has one). Anything else thrown is a server fault.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly data: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (code: string, message: string) => new HttpError(400, code, message);
export const notFound = (message = 'Not Found', code = 'not_found') =>
  new HttpError(404, code, message);
