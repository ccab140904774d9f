import {
  pathOf,
  type AnswerOf,
  type BodyOf,
  type DeclaredAccountRoute,
  type ParamsOf,
} from '@music-rooms/domain/account-routes';
import { errorOfBody } from '../../lib/api/error-body';
import { trackPendingRequest } from '../../lib/pending-requests';

/** What a call passes after the route: its body (if it has one), then its path's parameters. */
export type RouteInput<Route extends DeclaredAccountRoute> = [ParamsOf<Route>] extends [undefined]
  ? [BodyOf<Route>] extends [undefined]
    ? []
    : [body: BodyOf<Route>]
  : [body: BodyOf<Route>, params: ParamsOf<Route>];

/**
 * Calls one of the account routes (domain account-routes.ts) with JSON in and out: the body it
 * takes and the answer it gives are the route's own. A refusal throws the app's one client
 * error (FunctionCallError), read from the error body. A change (POST, DELETE) counts as a
 * pending request until it finishes, so leaving the page warns.
 */
export function authRequest<Route extends DeclaredAccountRoute>(
  route: Route,
  ...input: RouteInput<Route>
): Promise<AnswerOf<Route>> {
  const [body, params] = input as [unknown?, Record<string, string>?];
  const work = send(route.method, pathOf(route, params), body) as Promise<AnswerOf<Route>>;
  return route.method === 'GET' ? work : trackPendingRequest(work);
}

async function send(method: string, path: string, body: unknown): Promise<unknown> {
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
  if (!response.ok) throw errorOfBody(response.status, response.statusText, data);
  return data;
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return null;
  }
}
