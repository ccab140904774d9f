import { vi } from 'vitest';
import { FUNCTION_ERROR_STATUS, type FunctionResponse } from '@music-rooms/domain/functions';
import { ROOM_ERROR_TEXT, type RoomErrorKey } from '@music-rooms/domain/rooms';

/** What the server answers one function call with: its value, or a refusal of the room rules. */
export type FunctionAnswer = { value: unknown } | { refusal: RoomErrorKey };

type Handler = (args: Record<string, unknown>) => FunctionAnswer | Promise<FunctionAnswer>;

export type FunctionCall = { path: string; args: Record<string, unknown> };

/**
 * Stands in for the server at the network boundary: `fetch` to /api/query, /api/mutation or
 * /api/action is answered by the handler of its function path, in the server's own envelope
 * (`{ status: 'success', value, logLines }`, or a 560 with the error). Any other request, or a
 * path without a handler, fails the test. Answers the calls made, in order.
 */
export function answerFunctions(handlers: Record<string, Handler>): FunctionCall[] {
  const calls: FunctionCall[] = [];
  const fetchStub = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = String(input);
    if (!/^\/api\/(query|mutation|action)$/.test(url)) throw new Error(`Unexpected fetch ${url}`);
    const { path, args } = JSON.parse(String(init?.body)) as FunctionCall;
    calls.push({ path, args });
    const handler = handlers[path];
    if (!handler) throw new Error(`No answer for ${path}`);
    const answer = await handler(args);
    if ('value' in answer)
      return json(200, { status: 'success', value: answer.value, logLines: [] });
    const key = answer.refusal;
    return json(FUNCTION_ERROR_STATUS, {
      status: 'error',
      errorMessage: ROOM_ERROR_TEXT[key],
      errorData: { code: 'forbidden', key },
      logLines: [],
    });
  };
  vi.stubGlobal('fetch', vi.fn(fetchStub));
  return calls;
}

function json(status: number, body: FunctionResponse): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** A promise and the function that settles it: holds a call open to look at the screen meanwhile. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}
