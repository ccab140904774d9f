import { trackPendingRequest } from '../../lib/pending-requests';

/**
 * A refused accounts call (HTTP 4xx/5xx). `statusMessage` is what the server said: an
 * `auth.errors.*` key, or a plain message, or empty when the answer had none.
 */
export class AuthRequestError extends Error {
  constructor(
    readonly status: number,
    readonly statusMessage: string,
  ) {
    super(statusMessage || `HTTP ${status}`);
    this.name = 'AuthRequestError';
  }
}

type Method = 'GET' | 'POST' | 'DELETE';

/**
 * Calls one of the accounts routes (spec §7) with JSON in and out. A change (POST, DELETE)
 * counts as a pending request until it finishes, so leaving the page warns.
 */
export function authRequest<T>(method: Method, path: string, body?: unknown): Promise<T> {
  const work = send<T>(method, path, body);
  return method === 'GET' ? work : trackPendingRequest(work);
}

async function send<T>(method: Method, path: string, body?: unknown): Promise<T> {
  const response = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers: {
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await readJson(response);
  if (!response.ok) throw new AuthRequestError(response.status, statusMessageOf(data));
  return data as T;
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return null;
  }
}

function statusMessageOf(data: unknown): string {
  if (typeof data !== 'object' || data === null) return '';
  const { statusMessage, message } = data as { statusMessage?: unknown; message?: unknown };
  if (typeof statusMessage === 'string') return statusMessage;
  return typeof message === 'string' ? message : '';
}
