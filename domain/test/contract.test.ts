import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type { ROOM_FUNCTIONS, USER_FUNCTIONS } from '../src/contract';
import { FUNCTION_CONTRACT } from '../src/contract';
import type { ArgsOf, FunctionPathOf, ValueOf } from '../src/functions';
import type { RoomId, UserId } from '../src/ids';
import type { AssignableRole } from '../src/rooms';

// The args type of every function is its schema's input: these checks fail to compile (tsc -p
// domain, part of `npm run check`) when a schema and what callers send drift apart.
describe('the function contract', () => {
  it('infers each function’s args from its schema', () => {
    type AddUser = z.input<(typeof ROOM_FUNCTIONS)['rooms.addUser']['args']>;
    expectTypeOf<ArgsOf<'rooms.addUser'>>().toEqualTypeOf<AddUser>();
    expectTypeOf<ArgsOf<'rooms.addUser'>>().toEqualTypeOf<{
      roomId: RoomId;
      usernameOrEmail: string;
      role: AssignableRole;
    }>();
    type Profile = z.input<(typeof USER_FUNCTIONS)['users.updateUserProfile']['args']>;
    expectTypeOf<ArgsOf<'users.updateUserProfile'>>().toEqualTypeOf<Profile>();
  });

  it('refuses a call that misses a required argument or swaps two ids', () => {
    const roomId = 'r1' as RoomId;
    const userId = 'u1' as UserId;
    const call = <Path extends FunctionPathOf<'mutation'>>(_path: Path, _args: ArgsOf<Path>) => {};
    call('rooms.removeUser', { roomId, userId });
    // @ts-expect-error usernameOrEmail is required
    call('rooms.addUser', { roomId, role: 'viewer' });
    // @ts-expect-error a user id is no room id
    call('rooms.removeUser', { roomId: userId, userId: roomId });
    expect(true).toBe(true);
  });

  it('names each function’s kind and value', () => {
    expectTypeOf<'rooms.get'>().toExtend<FunctionPathOf<'query'>>();
    expectTypeOf<'rooms.create'>().not.toExtend<FunctionPathOf<'query'>>();
    expectTypeOf<ValueOf<'rooms.create'>>().toEqualTypeOf<{ _id: RoomId; room_url: string }>();
  });

  it('declares each path once, as module.name, with a kind', () => {
    for (const [path, spec] of Object.entries(FUNCTION_CONTRACT)) {
      expect(path).toMatch(/^[a-z][A-Za-z]*\.[a-z][A-Za-z]*$/);
      expect(['query', 'mutation', 'action']).toContain(spec.kind);
    }
  });
});
