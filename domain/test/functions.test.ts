import { describe, expect, it } from 'vitest';
import { normalizeFunctionPath, unwrapFunctionArgs } from '../src/functions';
import { functionRequestSchema } from '../src/schemas/functions';

describe('normalizeFunctionPath', () => {
  it('accepts the dotted and the colon form of a path', () => {
    expect(normalizeFunctionPath('rooms.get')).toBe('rooms.get');
    expect(normalizeFunctionPath('rooms:get')).toBe('rooms.get');
    expect(normalizeFunctionPath('rooms:getPublicRoomsWithAuthors')).toBe(
      'rooms.getPublicRoomsWithAuthors',
    );
  });

  it('accepts nested modules written with slashes', () => {
    expect(normalizeFunctionPath('admin/rooms:cleanup')).toBe('admin.rooms.cleanup');
  });

  it('refuses a path without a module, with empty segments or odd characters', () => {
    for (const path of [
      'get',
      '',
      'rooms.',
      '.get',
      'rooms..get',
      'rooms.get-all',
      'rooms.1get',
      'rooms get',
    ]) {
      expect(normalizeFunctionPath(path)).toBeNull();
    }
  });
});

describe('unwrapFunctionArgs', () => {
  it('reads missing args as an empty object and unwraps a one-element array', () => {
    expect(unwrapFunctionArgs(undefined)).toEqual({});
    expect(unwrapFunctionArgs({ id: '1' })).toEqual({ id: '1' });
    expect(unwrapFunctionArgs([{ id: '2' }])).toEqual({ id: '2' });
  });
});

describe('functionRequestSchema', () => {
  it('allows args as an object or one object in an array, and nothing else', () => {
    expect(functionRequestSchema.safeParse({ path: 'a.b', args: {} }).success).toBe(true);
    expect(functionRequestSchema.safeParse({ path: 'a.b', args: [{}] }).success).toBe(true);
    expect(functionRequestSchema.safeParse({ path: 'a.b', args: [{}, {}] }).success).toBe(false);
    expect(functionRequestSchema.safeParse({ path: 'a.b', args: 'x' }).success).toBe(false);
    expect(functionRequestSchema.safeParse({ path: 'a.b', format: 'xml' }).success).toBe(false);
  });
});
