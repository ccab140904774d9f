import type { RoomVisibility } from '@music-rooms/domain';
import type { TestApp } from './app';
import { clientFor, factories, type SessionClient } from './factories';
import { createRoom, type RoomOverrides } from './rooms';
import type { RoomRow } from '../../src/services/rooms/store';
import type { UserRow } from '../../src/services/accounts/users-store';

/**
 * What the permission tables share: the outcomes a call may have, the kinds of caller, one
 * person (and signed-in client) per kind, and a fresh room with a member in every role.
 */

export const OK = 'ok';
export const NS = 'not_signed_in';
export const FB = 'forbidden';
export const PW = 'password_required';
export const UN = 'unavailable';
export const NF = 'not_found';
export type Outcome = typeof OK | typeof NS | typeof FB | typeof PW | typeof UN | typeof NF;

export const ROLES = ['admin', 'editor', 'participant', 'viewer', 'requested', 'rejected'] as const;
export const ACTORS = ['owner', ...ROLES, 'stranger', 'guest'] as const;
export type Actor = (typeof ACTORS)[number];
export type Person = Exclude<Actor, 'guest'>;

/** Who calls, on which kind of room. */
export type PermissionColumn = {
  name: string;
  actor: Actor;
  visibility: RoomVisibility;
  password?: boolean;
};

/** Every kind of caller on a public room: the first columns of each table. */
export const PUBLIC_COLUMNS = ACTORS.map((actor) => ({
  name: actor,
  actor,
  visibility: 'public' as RoomVisibility,
}));

/**
 * The columns of the tables of what a room holds (tracks, playlists, the player): everyone on
 * a public room; strangers on the other kinds; guests and members on a password room; a
 * member on an invite-only room (a role lets them in).
 */
export const CONTENT_COLUMNS = [
  ...PUBLIC_COLUMNS,
  { name: 'stranger, hidden room', actor: 'stranger', visibility: 'hidden' },
  { name: 'stranger, password room', actor: 'stranger', visibility: 'public', password: true },
  { name: 'stranger, invite-only room', actor: 'stranger', visibility: 'inviteOnly' },
  { name: 'guest, password room', actor: 'guest', visibility: 'public', password: true },
  {
    name: 'participant, password room',
    actor: 'participant',
    visibility: 'public',
    password: true,
  },
  { name: 'editor, invite-only room', actor: 'editor', visibility: 'inviteOnly' },
] as const satisfies readonly PermissionColumn[];

export const ROOM_PASSWORD = 'open sesame';

export type Cast = {
  people: Record<Person, UserRow>;
  clients: Record<Actor, SessionClient>;
};

/** One account per kind of caller (without a password), each with a signed-in client. */
export async function castOfCallers(t: TestApp): Promise<Cast> {
  const f = factories(t);
  const people = {} as Cast['people'];
  const clients = {} as Cast['clients'];
  for (const actor of ACTORS) {
    if (actor === 'guest') continue;
    people[actor] = (await f.user({ password: null })).user;
    clients[actor] = await clientFor(t, people[actor]);
  }
  clients.guest = f.guest();
  return { people, clients };
}

/** A fresh room of the column's kind, owned by the cast's owner, with a member in every role. */
export function roomWithEveryRole(
  t: TestApp,
  people: Cast['people'],
  column: PermissionColumn,
  settings: Pick<RoomOverrides, 'playbackControl'> = {},
): Promise<RoomRow> {
  return createRoom(t, {
    ...settings,
    owner: people.owner,
    visibility: column.visibility,
    ...(column.password ? { password: ROOM_PASSWORD } : {}),
    members: ROLES.map((role) => ({ user: people[role], role })),
  });
}
