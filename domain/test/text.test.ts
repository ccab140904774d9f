import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { FUNCTION_CONTRACT } from '../src/contract';
import {
  emailSchema,
  forgotPasswordSchema,
  loginSchema,
  profileFieldsSchema,
  registerSchema,
  VALIDATION,
} from '../src/schemas/auth';
import { debugEventSchema, functionRequestSchema } from '../src/schemas/functions';
import { createRoomSchema, roomListArgsSchema, roomNameSchema } from '../src/schemas/rooms';
import {
  fieldOfPath,
  findMalformedText,
  hasVisibleText,
  isWellFormedText,
  text,
} from '../src/schemas/text';

const MALFORMED = ['\u0000', 'a\u0000b', '\ud800', 'a\udbffb', '\udc00', 'x\udfff', '\udc00\ud800'];
const WELL_FORMED = ['', 'plain', '😀 emoji pair', 'Ωμέγα 中文 עברית', '\ufffd', 'tab\tand\nline'];
/** Zero-width spaces and joiners, direction marks, embeddings, overrides, isolates, fillers. */
const INVISIBLE = [
  '\u200b',
  '\u200c\u200d',
  '\u200e\u200f',
  '\u202a\u202b\u202c\u202d\u202e',
  '\u2066\u2067\u2068\u2069',
  '\ufeff\u200b',
  '\u2060\u00ad',
  '\u3164\u115f',
  '\u00a0\u3000\u2800',
  '\u180e\ufe0f',
];

/** The first issue of a failed parse: what a form shows and what a refusal names. */
function firstIssue(schema: z.ZodType, value: unknown) {
  const parsed = schema.safeParse(value);
  expect(parsed.success).toBe(false);
  const [issue] = parsed.error!.issues;
  return { message: issue!.message, path: issue!.path.join('.') };
}

describe('malformed text: NUL and lone surrogates', () => {
  it.each(MALFORMED)('%j is not well-formed', (value) => {
    expect(isWellFormedText(value)).toBe(false);
    expect(firstIssue(text(), value)).toEqual({ message: VALIDATION.invalidFormat, path: '' });
  });

  it.each(WELL_FORMED)('%j is well-formed', (value) => {
    expect(isWellFormedText(value)).toBe(true);
    expect(text().parse(value)).toBe(value);
  });

  it('stops at the malformed text: the rules chained after it do not add their own issues', () => {
    const parsed = text().trim().min(5).max(1).safeParse(' \u0000 ');
    expect(parsed.error?.issues.map((issue) => issue.message)).toEqual([VALIDATION.invalidFormat]);
  });

  it('finds the path of a malformed string anywhere in a value, keys included', () => {
    expect(findMalformedText({ a: 1, b: [true, null, 'ok'] })).toBeNull();
    expect(findMalformedText('a\u0000')).toEqual([]);
    expect(findMalformedText({ a: 'ok', b: { c: ['ok', 'x\ud800'] } })).toEqual(['b', 'c', '1']);
    expect(findMalformedText({ ok: { ['k\u0000']: 1 } })).toEqual(['ok', 'k\ufffd']);
    expect(findMalformedText({ first: '\u0000', second: '\u0000' })).toEqual(['first']);
  });

  it('walks a deeply nested value without overflowing the stack, in linear time', () => {
    let deep: unknown = 'x\u0000';
    for (let depth = 0; depth < 100_000; depth++) deep = [deep];
    const path = findMalformedText(deep);
    expect(path).toHaveLength(100_000);
    expect(fieldOfPath(path!)).toBe('0.0.0.0.0.0.0.0.0.0.…');
    expect(fieldOfPath(['a', 'b', '1'])).toBe('a.b.1');
  });
});

/** Every string schema inside a schema, by its path (`*` for an array item or a record value). */
function stringLeaves(schema: z.ZodType, path = ''): { path: string; schema: z.ZodType }[] {
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  const walk = (next: unknown, at = path) => (next ? stringLeaves(next as z.ZodType, at) : []);
  const join = (name: string) => (path ? `${path}.${name}` : name);
  switch (def.type) {
    case 'string':
      return [{ path, schema }];
    case 'object':
      return Object.entries(def.shape as Record<string, z.ZodType>).flatMap(([name, field]) =>
        walk(field, join(name)),
      );
    case 'union':
      return (def.options as z.ZodType[]).flatMap((option) => walk(option));
    case 'tuple':
      return (def.items as z.ZodType[]).flatMap((item, index) => walk(item, join(String(index))));
    case 'array':
      return walk(def.element, join('*'));
    case 'record':
      return [...walk(def.keyType, join('(key)')), ...walk(def.valueType, join('*'))];
    case 'pipe':
      return [...walk(def.in), ...walk(def.out)];
    default:
      return walk(def.innerType);
  }
}

const contractLeaves = Object.entries(FUNCTION_CONTRACT).flatMap(([name, spec]) =>
  stringLeaves(spec.args).map((leaf) => ({ name: `${name} ${leaf.path}`, schema: leaf.schema })),
);
const bodyLeaves = Object.entries({ functionRequestSchema, debugEventSchema }).flatMap(
  ([name, schema]) =>
    stringLeaves(schema).map((leaf) => ({ name: `${name} ${leaf.path}`, schema: leaf.schema })),
);

describe('every string of every contract and request schema is text()', () => {
  it('finds the strings of the contract', () => {
    expect(contractLeaves.length).toBeGreaterThan(30);
  });

  it.each([...contractLeaves, ...bodyLeaves])(
    '$name refuses NUL and lone surrogates',
    ({ schema }) => {
      for (const value of ['ok\u0000', '\ud800ok', 'ok\udc00']) {
        expect(firstIssue(schema, value).message).toBe(VALIDATION.invalidFormat);
      }
    },
  );
});

describe('the form schemas name the field of malformed text', () => {
  it.each([
    ['sign-in', loginSchema, { emailOrUsername: 'a\u0000', password: 'secret' }, 'emailOrUsername'],
    ['sign-in', loginSchema, { emailOrUsername: 'bob', password: 'se\ud800cret' }, 'password'],
    [
      'sign-up',
      registerSchema,
      { name: 'Bob\u0000', username: 'bob', email: 'b@x.io', password: 'secret' },
      'name',
    ],
    [
      'sign-up',
      registerSchema,
      { name: 'Bob', username: 'bob', email: 'b\u0000@x.io', password: 'secret' },
      'email',
    ],
    ['forgot password', forgotPasswordSchema, { emailOrUsername: '\udc00bob' }, 'emailOrUsername'],
    ['profile', profileFieldsSchema, { name: 'Bob\u0000' }, 'name'],
    [
      'room',
      createRoomSchema,
      { name: 'Jazz', room_url: 'jazz', description: '\u0000' },
      'description',
    ],
    ['room search', roomListArgsSchema, { search: 'ja\u0000zz' }, 'search'],
  ] as const)('%s: %j', (_, schema, value, field) => {
    expect(firstIssue(schema, value)).toEqual({ message: VALIDATION.invalidFormat, path: field });
  });
});

describe('names made only of invisible characters are blank', () => {
  it.each(INVISIBLE)('%j shows nothing', (value) => {
    expect(hasVisibleText(value)).toBe(false);
    expect(firstIssue(roomNameSchema, value).message).toBe(VALIDATION.required);
    expect(firstIssue(profileFieldsSchema, { name: value })).toEqual({
      message: VALIDATION.required,
      path: 'name',
    });
    const form = { name: value, username: 'bob', email: 'b@x.io', password: 'secret' };
    expect(firstIssue(registerSchema, form)).toEqual({
      message: VALIDATION.required,
      path: 'name',
    });
  });

  it.each(['Zoë', 'a\u200bb', '\u202eevil', '👩‍👩‍👧', 'שלום\u200f', '_'])(
    '%j shows something',
    (value) => {
      expect(hasVisibleText(value)).toBe(true);
      expect(roomNameSchema.parse(value)).toBe(value);
    },
  );

  it('keeps a blank display name the length rule it had', () => {
    expect(firstIssue(profileFieldsSchema, { name: '   ' }).message).toBe(
      VALIDATION.displayNameLength,
    );
  });
});

describe('e-mail addresses', () => {
  const domain = `${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(63)}.com`;

  it('takes one of 254 characters, the most SMTP carries', () => {
    const address = `${'a'.repeat(64)}@${domain}`;
    expect(address).toHaveLength(254);
    expect(emailSchema.parse(address)).toBe(address);
  });

  it('refuses one of 255 as validation.invalidEmail', () => {
    expect(firstIssue(emailSchema, `${'a'.repeat(65)}@${domain}`).message).toBe(
      VALIDATION.invalidEmail,
    );
  });
});
