import type { TestApp } from './app';

export type JsonAnswer = { status: number; body: Record<string, unknown> };

/** POSTs a JSON body (or raw text) and reads the JSON answer. */
export async function postJson(
  t: TestApp,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<JsonAnswer> {
  const res = await fetch(`${t.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

/** Calls a backend function through one of the generic endpoints. */
export function callFunction(
  t: TestApp,
  endpoint: string,
  path: string,
  args?: unknown,
  headers: Record<string, string> = {},
): Promise<JsonAnswer> {
  return postJson(t, `/api/${endpoint}`, { path, args, format: 'json' }, headers);
}
