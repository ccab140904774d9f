import { describe, expectTypeOf, it } from 'vitest';
import type { DevMigrationStatus } from '@music-rooms/domain/dev-migrations';
import type { RoomId, UserId } from '@music-rooms/domain/ids';
import type { PlayerView } from '@music-rooms/domain/player';
import type { RoomDetails, RoomListResult } from '@music-rooms/domain/rooms';
import { callAction, callMutation, callQuery } from './functions';
import type { LiveQueryState } from '../realtime/live-query-registry';
import { useLiveQueries } from '../realtime/useLiveQueries';
import { useLiveQuery, useLiveQueryState } from '../realtime/useLiveQuery';

// The app's own calls and live queries, checked by `npm run check` (tsc -b covers the tests in web/src):
// each `@ts-expect-error` line fails the type check as soon as the call under it compiles, so a
// misspelled path, a missing or extra argument or a wrong answer type cannot slip back in.

/** Type-checked, never run (the calls would reach for a server): what is tested is what compiles. */
function compiles(_calls: () => void): void {}

const roomId = 'r1' as RoomId;
const userId = 'u1' as UserId;

describe('the typed function client', () => {
  it('answers each function’s own value', () => {
    compiles(() => {
      expectTypeOf(
        callQuery('rooms.get', { id: roomId }),
      ).resolves.toEqualTypeOf<RoomDetails | null>();
      expectTypeOf(callMutation('rooms.removeUser', { roomId, userId })).resolves.toEqualTypeOf<{
        removed: true;
      }>();
      expectTypeOf(callAction('devMigrations.status')).resolves.toEqualTypeOf<DevMigrationStatus>();
    });
  });

  it('takes no args for a function whose args are all optional, and needs them otherwise', () => {
    compiles(() => {
      expectTypeOf(callQuery('system.serverTime')).resolves.toEqualTypeOf<{ now: number }>();
      expectTypeOf(callQuery('system.serverTime', {})).resolves.toEqualTypeOf<{ now: number }>();
      // @ts-expect-error rooms.addUser needs its args
      void callMutation('rooms.addUser');
    });
  });

  it('refuses a misspelled path, or a path of another kind', () => {
    compiles(() => {
      // @ts-expect-error no such mutation
      void callMutation('player.comand', { roomId });
      // @ts-expect-error no such query
      void callQuery('rooms.gett', { id: roomId });
      // @ts-expect-error rooms.create changes data: it is no query
      void callQuery('rooms.create', { name: 'Room' });
    });
  });

  it('refuses missing, extra and wrongly typed args', () => {
    compiles(() => {
      // @ts-expect-error usernameOrEmail is required
      void callMutation('rooms.addUser', { roomId, role: 'viewer' });
      // @ts-expect-error rooms.removeUser takes no role
      void callMutation('rooms.removeUser', { roomId, userId, role: 'viewer' });
      // @ts-expect-error a user id is no room id
      void callMutation('rooms.removeUser', { roomId: userId, userId: roomId });
      // @ts-expect-error system.serverTime takes no args
      void callQuery('system.serverTime', { at: 1 });
    });
  });

  it('refuses to take the answer as another type', () => {
    compiles(() => {
      // @ts-expect-error rooms.removeUser answers { removed: true }
      const _added: Promise<{ userId: UserId }> = callMutation('rooms.removeUser', {
        roomId,
        userId,
      });
      // @ts-expect-error the server's time is a number
      const _now: Promise<{ now: string }> = callQuery('system.serverTime');
    });
  });
});

describe('the typed live queries', () => {
  it('answer each query’s own state, value or pages', () => {
    compiles(function useChecks() {
      expectTypeOf(useLiveQueryState('player.get', { roomId })).toEqualTypeOf<
        LiveQueryState<PlayerView>
      >();
      expectTypeOf(useLiveQuery('rooms.get', { id: roomId })).toEqualTypeOf<
        RoomDetails | null | undefined
      >();
      expectTypeOf(useLiveQuery('rooms.get', 'skip')).toEqualTypeOf<
        RoomDetails | null | undefined
      >();
      expectTypeOf(
        useLiveQueries('rooms.getPublicRoomsWithAuthors', [{ offset: 0 }]),
      ).toEqualTypeOf<readonly LiveQueryState<RoomListResult>[]>();
    });
  });

  it('refuse a misspelled path, a mutation, and missing, extra or wrong args', () => {
    compiles(function useChecks() {
      // @ts-expect-error no such query
      useLiveQueryState('player.gett', { roomId });
      // @ts-expect-error player.command is no query
      useLiveQuery('player.command', { roomId });
      // @ts-expect-error player.get needs its args
      useLiveQueryState('player.get');
      // @ts-expect-error player.get takes no id
      useLiveQuery('player.get', { roomId, id: roomId });
      // @ts-expect-error the rooms of a user need the user's id
      useLiveQueries('rooms.getUserRoomsWithAuthors', [{ offset: 0 }]);
    });
  });

  it('refuse to take the answer as another type', () => {
    compiles(function useChecks() {
      // @ts-expect-error the player's state is no room
      const _room: LiveQueryState<RoomDetails> = useLiveQueryState('player.get', { roomId });
      // @ts-expect-error a room's details are no player state
      const _player: PlayerView | undefined = useLiveQuery('rooms.get', { id: roomId });
    });
  });
});
