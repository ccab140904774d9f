import type { FunctionBody, JsonReply } from '../helpers/factories';
import { describe, expect } from '../helpers/fixtures';
import {
  FB,
  NS,
  OK,
  PUBLIC_COLUMNS,
  UN,
  castOfCallers,
  roomWithEveryRole,
  type Cast,
  type Outcome,
  type PermissionColumn,
} from '../helpers/permission-table';
import { TOKEN, serviceTest } from '../helpers/yandex-music';

/**
 * Who may import into a room (spec §6: participants and above add tracks; viewers, strangers
 * and guests do not), with the codes tracks use: 401 not_signed_in for a guest, 403 forbidden
 * for the rest. Reading the service needs only a signed-in caller.
 */

const test = serviceTest.extend('cast', { scope: 'file' }, ({ t }): Promise<Cast> =>
  castOfCallers(t),
);

const COLUMNS = [
  ...PUBLIC_COLUMNS,
  { name: 'stranger, hidden room', actor: 'stranger', visibility: 'hidden' },
  { name: 'stranger, password room', actor: 'stranger', visibility: 'public', password: true },
  { name: 'stranger, invite-only room', actor: 'stranger', visibility: 'inviteOnly' },
  {
    name: 'participant, password room',
    actor: 'participant',
    visibility: 'public',
    password: true,
  },
] as const satisfies readonly PermissionColumn[];

// Columns: owner admin editor participant viewer requested rejected stranger guest |
// stranger: hidden password inviteOnly | participant password
// prettier-ignore
const EXPECTED: Record<string, Outcome[]> = {
  'yandexMusic.import':      [OK, OK, OK, OK, FB, FB, FB, FB, NS, FB, FB, UN, OK],
  'yandexMusic.listImports': [OK, OK, OK, OK, FB, FB, FB, FB, NS, FB, FB, UN, OK],
};

const outcomeOf = (res: JsonReply<FunctionBody>) =>
  res.status === 560
    ? String(res.body.errorData.code)
    : res.status === 200
      ? OK
      : `HTTP ${res.status}`;

describe.each(Object.entries(EXPECTED))('%s', (path, outcomes) => {
  test.for(COLUMNS.map((column, i) => ({ column, expected: outcomes[i]! })))(
    '$column.name: $expected',
    async ({ column, expected }, { t, cast }) => {
      const room = await roomWithEveryRole(t, cast.people, column);
      const args = path === 'yandexMusic.import' ? { token: TOKEN, trackIds: ['101'] } : {};
      const res = await cast.clients[column.actor].call(path, { roomId: room.id, ...args });
      expect(outcomeOf(res), JSON.stringify(res.body)).toBe(expected);
    },
  );
});

describe('reading the service', () => {
  test.for(['yandexMusic.validateToken', 'yandexMusic.resolve', 'yandexMusic.search'])(
    '%s: any signed-in caller, never a guest',
    async (path, { cast }) => {
      const args = { token: TOKEN, url: 'https://music.yandex.ru/album/500', query: 'night' };
      const { [path.endsWith('resolve') ? 'query' : 'url']: _unused, ...wanted } = args;
      const forPath = path.endsWith('validateToken') ? { token: TOKEN } : wanted;
      expect(outcomeOf(await cast.clients.viewer.call(path, forPath))).toBe(OK);
      expect(outcomeOf(await cast.clients.stranger.call(path, forPath))).toBe(OK);
      expect(outcomeOf(await cast.clients.guest.call(path, forPath))).toBe(NS);
    },
  );
});
