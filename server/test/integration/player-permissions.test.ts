import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asRoomId } from '@music-rooms/domain';
import { startTestApp, type TestApp } from '../helpers/app';
import type { FunctionBody, JsonReply } from '../helpers/factories';
import {
  castOfCallers,
  CONTENT_COLUMNS,
  FB,
  NS,
  OK,
  PW,
  roomWithEveryRole,
  UN,
  type Cast,
  type Outcome,
} from '../helpers/permission-table';
import { shortTracks } from '../helpers/player';
import { join, tabSocket } from '../helpers/presence';
import { appFunctions } from '../../src/functions';
import type { RoomRow } from '../../src/services/rooms/store';

/**
 * Every player.* function called by every kind of caller (spec §6: participants and above
 * interact with the player, viewers and guests only listen; the owner and admins hand the host
 * label over), written out by hand from the spec's rules.
 */

const COLUMNS = CONTENT_COLUMNS;
type Column = (typeof COLUMNS)[number];

// Columns: owner admin editor participant viewer requested rejected stranger guest |
// stranger: hidden password inviteOnly | guest password | participant password | editor inviteOnly
// prettier-ignore
const EXPECTED: Record<string, Outcome[]> = {
  'player.get':      [OK, OK, OK, OK, OK, OK, OK, OK, OK, OK, PW, UN, PW, OK, OK],
  'player.command':  [OK, OK, OK, OK, FB, FB, FB, FB, NS, FB, FB, UN, NS, OK, OK],
  'player.handOver': [OK, OK, FB, FB, FB, FB, FB, FB, NS, FB, FB, UN, NS, FB, FB],
  // Whoever may listen may hear whether the room is in sync, and time their own speakers.
  'player.testSound': [OK, OK, OK, OK, OK, OK, OK, OK, OK, OK, PW, UN, PW, OK, OK],
  'player.calibrate': [OK, OK, OK, OK, OK, OK, OK, OK, OK, OK, PW, UN, PW, OK, OK],
};

let t: TestApp;
let people: Cast['people'];
let clients: Cast['clients'];

beforeAll(async () => {
  t = await startTestApp();
  ({ people, clients } = await castOfCallers(t));
});

afterAll(async () => t?.close());

const ARGS: Record<string, (room: RoomRow) => Record<string, unknown>> = {
  'player.get': (room) => ({ roomId: room.id }),
  'player.command': (room) => ({ roomId: room.id, revision: 0, command: { type: 'play' } }),
  // The participant is in the room (their page is open), so the label may go to them.
  'player.handOver': (room) => ({ roomId: room.id, userId: people.participant.id }),
  'player.testSound': (room) => ({ roomId: room.id }),
  'player.calibrate': (room) => ({ roomId: room.id, socketId: 'a-page-of-its-own' }),
};

function outcomeOf(res: JsonReply<FunctionBody>): Outcome | string {
  if (res.status === 560) return String(res.body.errorData.code);
  return res.status === 200 ? OK : `HTTP ${res.status}`;
}

describe.each(Object.entries(EXPECTED))('%s', (path, outcomes) => {
  it.each(COLUMNS.map((column, i) => ({ column, expected: outcomes[i]! })))(
    '$column.name: $expected',
    async ({ column, expected }: { column: Column; expected: Outcome }) => {
      // The roles' table: who among them controls is the room's setting (player-control-setting).
      const room = await roomWithEveryRole(t, people, column, { playbackControl: 'everyone' });
      await shortTracks(t, room, [60_000]);
      const present = await tabSocket(t, clients.participant);
      try {
        expect(await join(present, asRoomId(room.id))).toBe(true);
        const res = await clients[column.actor].call(path, ARGS[path]!(room));
        expect(outcomeOf(res), JSON.stringify(res.body)).toBe(expected);
      } finally {
        present.close();
      }
    },
  );
});

it('covers every player function the server offers', () => {
  const offered = appFunctions
    .map((definition) => definition.path)
    .filter((path) => path.startsWith('player.'))
    .sort();
  expect(offered).toEqual(Object.keys(EXPECTED).sort());
});
