import {
  FUNCTION_ENDPOINTS,
  type ArgsParameter,
  type DebugEvent,
  type FunctionArgs,
  type FunctionEndpoint,
  type FunctionFailure,
  type FunctionPathOf,
  type FunctionResponse,
  type ValueOf,
} from '@music-rooms/domain/functions';
import { trackPendingRequest } from '../pending-requests';
import { FunctionCallError } from './function-call-error';

export type ApiClientOptions = {
  /** Origin of the app server; empty in the browser, where calls go to the page's own origin. */
  baseUrl?: string;
  /** Extra headers, e.g. `Authorization` for a caller outside the browser. */
  headers?: () => Record<string, string>;
};

export type ApiClient = ReturnType<typeof createApiClient>;

/**
 * Sends one call as it is given: the path and args unchecked, the answer unread. The typed calls
 * of `createApiClient` are built on it; the realtime client reads a live query's first value with
 * it, for a path and args that its typed hooks checked when they subscribed.
 */
export type FunctionSender = (
  endpoint: FunctionEndpoint,
  path: string,
  args: FunctionArgs | undefined,
) => Promise<unknown>;

export function createFunctionSender({
  baseUrl = '',
  headers = () => ({}),
}: ApiClientOptions = {}): FunctionSender {
  return async (endpoint, path, args) => {
    const response = await fetch(`${baseUrl}${FUNCTION_ENDPOINTS[endpoint]}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...headers() },
      body: JSON.stringify({ path, args: args ?? {}, format: 'json' }),
    });
    const body = await readJson(response);
    if (response.ok && isResponse(body) && body.status === 'success') return body.value;
    throw callError(response, body);
  };
}

/**
 * Calls backend functions through the generic HTTP endpoints (spec §7). Only declared paths of
 * the right kind compile, with exactly their args, and each answers its function's value.
 */
export function createApiClient(options: ApiClientOptions = {}) {
  const send = createFunctionSender(options);
  return {
    /** Reads data once; for data that stays current use `useLiveQuery`. */
    callQuery: <Path extends FunctionPathOf<'query'>>(path: Path, ...[args]: ArgsParameter<Path>) =>
      send('query', path, args) as Promise<ValueOf<Path>>,
    /** Changes data; counts as a pending change until it finishes (leave-page warning). */
    callMutation: <Path extends FunctionPathOf<'mutation'>>(
      path: Path,
      ...[args]: ArgsParameter<Path>
    ) => trackPendingRequest(send('mutation', path, args) as Promise<ValueOf<Path>>),
    /** Runs an action (outside services); counts as a pending change until it finishes. */
    callAction: <Path extends FunctionPathOf<'action'>>(
      path: Path,
      ...[args]: ArgsParameter<Path>
    ) => trackPendingRequest(send('action', path, args) as Promise<ValueOf<Path>>),
  };
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return null;
  }
}

function isResponse(body: unknown): body is FunctionResponse {
  return typeof body === 'object' && body !== null && 'status' in body;
}

/**
 * A 560 carries the function's error (and a 404 for an unknown path, in the same envelope);
 * other failures carry the app's error shape, if any.
 */
function callError(response: Response, body: unknown): FunctionCallError {
  if (isResponse(body) && body.status === 'error') {
    const failure: FunctionFailure = body;
    const { errorData } = failure;
    return new FunctionCallError(
      errorData.code,
      failure.errorMessage,
      errorData,
      response.status,
      failure.logLines,
    );
  }
  const shaped = (body ?? {}) as { code?: unknown; key?: unknown; message?: unknown };
  const code = typeof shaped.code === 'string' ? shaped.code : `http_${response.status}`;
  const key = typeof shaped.key === 'string' ? shaped.key : code;
  const message = typeof shaped.message === 'string' ? shaped.message : response.statusText;
  return new FunctionCallError(
    code,
    message || `HTTP ${response.status}`,
    { code, key },
    response.status,
  );
}

const browserClient = createApiClient();

export const { callQuery, callMutation, callAction } = browserClient;

/**
 * Sends an error report to the server log (POST /api/debug_event). Reporting never throws:
 * a report that cannot be sent is only written to the console.
 */
export async function reportDebugEvent(event: DebugEvent, baseUrl = ''): Promise<void> {
  try {
    await fetch(`${baseUrl}/api/debug_event`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(event),
      // The report should still go out when it is sent while the page unloads.
      keepalive: true,
    });
  } catch (error) {
    console.warn('Could not send an error report', error);
  }
}
