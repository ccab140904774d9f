import type { BrowserContext, Page } from 'playwright-core';
import { AUTH_ROUTES } from '@music-rooms/domain/account-routes';
import type { AuthUserResponse } from '@music-rooms/domain/auth';
import {
  FUNCTION_ENDPOINTS,
  type ArgsOf,
  type FunctionKind,
  type FunctionPathOf,
  type ValueOf,
} from '@music-rooms/domain/functions';
import type { E2EServer } from '../../src/harness';
import { newPerson, type Person } from './people';

/**
 * Rooms journeys set the scene over HTTP, as a second browser would (people and rooms that are
 * not what the test is about), and then act in the browser as a person would.
 */

export type Member = Person & { id: string; cookie: string };

/** Signs a new person up through POST /api/auth/register and keeps their session cookie. */
export async function registerMember(server: E2EServer, name: string): Promise<Member> {
  const person = newPerson(name);
  const response = await fetch(server.url + AUTH_ROUTES.register, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(person),
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const { user } = (await response.json()) as AuthUserResponse;
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  return { ...person, id: user.id, cookie };
}

/** Calls a backend function as the member, through the generic endpoints. */
export function callAs<
  Path extends
    | 'rooms.create'
    | 'rooms.update'
    | 'rooms.toggleFavorite'
    | 'rooms.addUser'
    | 'tracks.updateMany'
    | 'playlists.create',
>(server: E2EServer, member: Member, path: Path, args: ArgsOf<Path>): Promise<ValueOf<Path>> {
  return call(server, member, FUNCTION_ENDPOINTS.mutation, path, args);
}

/** Reads a query once as the member, as a page does before its live connection is open. */
export function queryAs<Path extends 'rooms.get' | 'player.get'>(
  server: E2EServer,
  member: Member,
  path: Path,
  args: ArgsOf<Path>,
): Promise<ValueOf<Path>> {
  return call(server, member, FUNCTION_ENDPOINTS.query, path, args);
}

async function call<Path extends FunctionPathOf<FunctionKind>>(
  server: E2EServer,
  member: Member,
  endpoint: string,
  path: Path,
  args: ArgsOf<Path>,
): Promise<ValueOf<Path>> {
  const response = await fetch(server.url + endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: member.cookie },
    body: JSON.stringify({ path, args }),
  });
  const body = (await response.json()) as { status: string; value: ValueOf<Path> };
  if (body.status !== 'success') throw new Error(`${path} failed: ${JSON.stringify(body)}`);
  return body.value;
}

/** Makes a room for the member; the URL comes from the name unless given. */
export function createRoomAs(
  server: E2EServer,
  member: Member,
  room: ArgsOf<'rooms.create'>,
): Promise<ValueOf<'rooms.create'>> {
  return callAs(server, member, 'rooms.create', room);
}

/** Puts the member's session cookie into a browser context: its pages are signed in as them. */
export async function signInContext(context: BrowserContext, server: E2EServer, member: Member) {
  const cookies = member.cookie.split('; ').map((pair) => {
    const [name = '', ...value] = pair.split('=');
    return { name, value: value.join('='), url: server.url };
  });
  await context.addCookies(cookies);
}

/** The card of a room in the home page's list. */
export const roomCard = (page: Page, name: string) =>
  page.getByRole('article', { name, exact: true });

/** The names of the room cards shown, in order. */
export async function cardNames(page: Page): Promise<string[]> {
  return page.getByRole('article').getByRole('heading', { level: 3 }).allTextContents();
}
