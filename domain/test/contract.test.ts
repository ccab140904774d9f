import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type { ROOM_FUNCTIONS, USER_FUNCTIONS } from '../src/contract';
import { FUNCTION_CONTRACT } from '../src/contract';
import type { ArgsOf, ArgsParameter, FunctionPathOf, ValueOf } from '../src/functions';
import type { RoomId, UserId } from '../src/ids';
import type { AssignableRole } from '../src/rooms';

// The args type of every function is its schema's input: these checks fail to compile (tsc -b,
// part of `npm run check`) when a schema and what callers send drift apart.
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

  it('makes args optional only for a function whose args are all optional', () => {
    expectTypeOf<ArgsParameter<'system.serverTime'>>().toEqualTypeOf<
      [args?: ArgsOf<'system.serverTime'>]
    >();
    expectTypeOf<ArgsParameter<'rooms.removeUser'>>().toEqualTypeOf<
      [args: { roomId: RoomId; userId: UserId }]
    >();
  });

  // The web client's calls are checked against these in web/src/lib/api/typed-calls.test.ts.
  it('knows no args or value for a path it does not declare', () => {
    // @ts-expect-error a misspelled path has no args
    expectTypeOf<ArgsOf<'rooms.addUsr'>>().toBeObject();
    // @ts-expect-error nor a value
    expectTypeOf<ValueOf<'rooms.gett'>>().toBeObject();
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
