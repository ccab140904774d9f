import {
  FUNCTION_ENDPOINTS,
  type ArgsOf,
  type FunctionEndpoint,
  type FunctionKind,
  type FunctionFailure,
  type FunctionPathOf,
  type FunctionResponse,
  type ValueOf,
} from '@music-rooms/domain/functions';
import { trackPendingRequest } from '../pending-requests';
import { FunctionCallError } from './function-call-error';

/** A declared path of that kind, or any other string (its value is then `unknown`). */
type PathOf<Kind extends FunctionKind> = FunctionPathOf<Kind> | (string & Record<never, never>);

export type ApiClientOptions = {
  /** Origin of the app server; empty in the browser, where calls go to the page's own origin. */
  baseUrl?: string;
  /** Extra headers, e.g. `Authorization` for a caller outside the browser. */
  headers?: () => Record<string, string>;
};

export type ApiClient = ReturnType<typeof createApiClient>;

/** Calls backend functions through the generic HTTP endpoints (spec §7). */
export function createApiClient({ baseUrl = '', headers = () => ({}) }: ApiClientOptions = {}) {
  async function call(endpoint: FunctionEndpoint, path: string, args: unknown): Promise<unknown> {
    const response = await fetch(`${baseUrl}${FUNCTION_ENDPOINTS[endpoint]}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...headers() },
      body: JSON.stringify({ path, args: args ?? {}, format: 'json' }),
    });
    const body = await readJson(response);
    if (response.ok && isResponse(body) && body.status === 'success') return body.value;
    throw callError(response, body);
  }

  return {
    /** Reads data once; for data that stays current use `useLiveQuery`. */
    callQuery: <Path extends PathOf<'query'>>(path: Path, args?: ArgsOf<Path>) =>
      call('query', path, args) as Promise<ValueOf<Path>>,
    /** Changes data; counts as a pending change until it finishes (leave-page warning). */
    callMutation: <Path extends PathOf<'mutation'>>(path: Path, args?: ArgsOf<Path>) =>
      trackPendingRequest(call('mutation', path, args) as Promise<ValueOf<Path>>),
    /** Runs an action (outside services); counts as a pending change until it finishes. */
    callAction: <Path extends PathOf<'action'>>(path: Path, args?: ArgsOf<Path>) =>
      trackPendingRequest(call('action', path, args) as Promise<ValueOf<Path>>),
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
