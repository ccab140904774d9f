import fc from 'fast-check';
import type { z } from 'zod';

/**
 * fast-check arbitraries derived from zod schemas, for fuzzing the function contract and the
 * HTTP routes: mostly values the schema takes, mixed with hostile ones (NUL, lone surrogates,
 * very long text, SQL-ish text, a number where a string goes, missing fields). Values named in
 * `hints` (a room's real id, its URL) are mixed in by field name, so that calls reach past the
 * schema into services and SQL.
 */

/** Known good values by field name: `{ roomId: [room.id] }`. */
export type Hints = Readonly<Record<string, readonly unknown[]>>;

/** Strings that broke or might break something below the schema. */
// prettier-ignore
export const HOSTILE_STRINGS: readonly string[] = [
  '', ' ', '\u0000', 'a\u0000b', '\u0000'.repeat(64), '\ud800', 'x\udc00y', '\ud83d', '\udfb5\ud83c',
  '\u200b\u200d\u2060', '\u202e\u2066evil\u2069', '\ufeff', '\u3164', '😀🎵 Ωμέγα ✓ 中文 עברית',
  "' OR '1'='1' --", "'; DROP TABLE users; --", '%00%27%22', '../../etc/passwd',
  '<script>alert(1)</script>', '\\', '"', '%', '_', 'null', 'NaN', '-1',
  '00000000-0000-0000-0000-000000000000', '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA',
  'x'.repeat(10_000), 'é'.repeat(3_000),
];

/** Values of the wrong type for any field. */
// prettier-ignore
export const HOSTILE_VALUES: readonly unknown[] = [
  null, 0, -1, 1.5, -0, 2 ** 31, 2 ** 53, 1e308, true, false, [], {}, ['\u0000'],
  { '\u0000': '\ud800' },
  JSON.parse('{"__proto__": {"admin": true}}') as unknown,
  { constructor: { prototype: { admin: true } } },
  // Deeper than any body may nest (json-nesting.ts): the whole body is refused.
  JSON.parse(`${'['.repeat(100)}${']'.repeat(100)}`) as unknown,
];

const hostileString = fc.constantFrom(...HOSTILE_STRINGS);
const hostileValue = fc.constantFrom(...HOSTILE_VALUES);
const json = fc.jsonValue({ maxDepth: 2 });
/** A character no database column takes as text, and halves of characters. */
const NUL = '\u0000';
const LONE_SURROGATES = ['\ud800', '\udbff', '\udc00', '\udfff'];

type Def = {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  shape?: Record<string, z.ZodType>;
  entries?: Record<string, string | number>;
  values?: unknown[];
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  items?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
};

/** What zod's string and number schemas tell of their rules. */
type Limits = {
  minLength?: number | null;
  maxLength?: number | null;
  format?: string | null;
  minValue?: number | null;
  maxValue?: number | null;
  isInt?: boolean;
};

const defOf = (schema: z.ZodType) => schema._zod.def as unknown as Def;
const limitsOf = (schema: z.ZodType) => schema as unknown as Limits;

/** The patterns of `.regex()` checks (and of formats such as the e-mail). */
function patternsOf(schema: z.ZodType): RegExp[] {
  const checks = (defOf(schema) as { checks?: { _zod: { def: { pattern?: unknown } } }[] }).checks;
  return (checks ?? [])
    .map((check) => check._zod.def.pattern)
    .filter((pattern): pattern is RegExp => pattern instanceof RegExp);
}

/**
 * `valid`: only values the schema's own rules describe (and the hints). `mixed`: now and then a
 * hostile value anywhere, and for an object, often all fields valid but one hostile, so that
 * the hostile value gets past the other fields' checks into the services and their SQL.
 */
type Mode = 'valid' | 'mixed';

type Ctx = { hints: Hints; mode: Mode; field?: string };

/** An arbitrary for any value a schema may be given, hostile ones mixed in. */
export function arbitraryOf(schema: z.ZodType, hints: Hints = {}): fc.Arbitrary<unknown> {
  return arbitrary(schema, { hints, mode: 'mixed' });
}

function arbitrary(schema: z.ZodType, ctx: Ctx): fc.Arbitrary<unknown> {
  const hinted = ctx.field !== undefined ? ctx.hints[ctx.field] : undefined;
  const own = derive(schema, ctx);
  if (!hinted || hinted.length === 0) return own;
  // A well-formed call mostly names real rows, so that it gets past the lookups.
  const weight = ctx.mode === 'valid' ? 4 : 2;
  return fc.oneof({ weight, arbitrary: fc.constantFrom(...hinted) }, { weight: 2, arbitrary: own });
}

/** Mostly the schema's own values, now and then (in mixed mode) a hostile one. */
function sometimesHostile(ctx: Ctx, own: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  if (ctx.mode === 'valid') return own;
  return fc.oneof({ weight: 4, arbitrary: own }, { weight: 1, arbitrary: hostileFor(own) });
}

/** Something in place of a value: malformed text, hostile text, the wrong type, or nothing. */
function hostileFor(own: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  const slipped = (chars: fc.Arbitrary<string>) =>
    own.chain((value) => withChar(typeof value === 'string' ? value : '', chars));
  return fc.oneof(
    { weight: 3, arbitrary: slipped(fc.constant(NUL)) },
    { weight: 1, arbitrary: slipped(fc.constantFrom(...LONE_SURROGATES)) },
    { weight: 2, arbitrary: hostileString },
    { weight: 1, arbitrary: hostileValue },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

function derive(schema: z.ZodType, ctx: Ctx): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const inner = (next: z.ZodType | undefined) => (next ? arbitrary(next, ctx) : json);
  const maybe = (nil: null | undefined) =>
    fc.option(inner(def.innerType), { nil, freq: 4 }) as fc.Arbitrary<unknown>;
  switch (def.type) {
    case 'string':
      return sometimesHostile(ctx, stringOf(schema, ctx));
    case 'number':
      return sometimesHostile(ctx, numberOf(schema));
    case 'boolean':
      return sometimesHostile(ctx, fc.boolean());
    case 'enum':
      return sometimesHostile(ctx, fc.constantFrom(...Object.values(def.entries ?? {})));
    case 'literal':
      return sometimesHostile(ctx, fc.constantFrom(...(def.values ?? [null])));
    case 'optional':
    case 'default':
    case 'prefault':
      return maybe(undefined);
    case 'nullable':
      return maybe(null);
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return inner(def.innerType);
    case 'pipe':
      // What goes in; and what comes out too when it is text of its own (an e-mail address).
      return def.out && defOf(def.out).type === 'string'
        ? fc.oneof(inner(def.in), inner(def.out))
        : inner(def.in);
    case 'array':
      return sometimesHostile(ctx, fc.array(inner(def.element), { maxLength: 4 }));
    case 'tuple':
      return sometimesHostile(ctx, fc.tuple(...(def.items ?? []).map((item) => inner(item))));
    case 'union':
      return fc.oneof(...(def.options ?? []).map((option) => inner(option)));
    case 'intersection':
      return fc.oneof(inner(def.left), inner(def.right));
    case 'object':
      return objectOf(def.shape ?? {}, ctx);
    case 'record':
      return sometimesHostile(
        ctx,
        fc.dictionary(fc.string({ maxLength: 12 }), inner(def.valueType), { maxKeys: 4 }),
      );
    default:
      // unknown, any, transform...: anything JSON can carry.
      return ctx.mode === 'valid' ? json : fc.oneof(json, hostileValue, hostileString);
  }
}

/**
 * Every field by its own arbitrary. Mixed: also all fields valid but one hostile, now and then
 * fields left out, and now and then no object at all.
 */
function objectOf(shape: Shape, ctx: Ctx): fc.Arbitrary<unknown> {
  const names = Object.keys(shape);
  const required = requiredOf(shape);
  const valid = fc.record(fieldsIn(shape, ctx, 'valid'), { requiredKeys: required });
  if (ctx.mode === 'valid') return valid;
  const mixedFields = fieldsIn(shape, ctx, 'mixed');
  return fc.oneof(
    { weight: 2, arbitrary: fc.record(mixedFields, { requiredKeys: required }) },
    { weight: 1, arbitrary: fc.record(mixedFields, { requiredKeys: [] }) },
    { weight: 1, arbitrary: hostileValue },
    ...names.map((name) => ({ weight: 1, arbitrary: oneHostile(shape, ctx, name) })),
  );
}

type Shape = Record<string, z.ZodType>;

/** The fields an object may not leave out. */
const requiredOf = (shape: Shape) =>
  Object.keys(shape).filter(
    (name) => !['optional', 'default', 'prefault'].includes(defOf(shape[name]!).type),
  );

function fieldsIn(shape: Shape, ctx: Ctx, mode: Mode): Record<string, fc.Arbitrary<unknown>> {
  return Object.fromEntries(
    Object.entries(shape).map(([name, field]) => [
      name,
      arbitrary(field, { ...ctx, mode, field: name }),
    ]),
  );
}

/** Every field valid but `name`, which is hostile (malformed text most often). */
function oneHostile(shape: Shape, ctx: Ctx, name: string): fc.Arbitrary<unknown> {
  const others = fc.record(fieldsIn(shape, ctx, 'valid'), { requiredKeys: requiredOf(shape) });
  const valid = arbitrary(shape[name]!, { ...ctx, mode: 'valid', field: name });
  return fc.tuple(others, hostileFor(valid)).map(([base, value]) => ({ ...base, [name]: value }));
}

/** The object a schema takes (through optional, default, pipe...), or null for another type. */
function shapeOf(schema: z.ZodType): Shape | null {
  const def = defOf(schema);
  if (def.type === 'object') return def.shape ?? {};
  const next = def.type === 'pipe' ? def.in : def.innerType;
  return next ? shapeOf(next) : null;
}

/** The fields of the object a schema takes (none when it takes something else). */
export function fieldsOf(schema: z.ZodType): string[] {
  return Object.keys(shapeOf(schema) ?? {});
}

/**
 * Objects for the schema with every field valid but `name`, which gets a hostile value: what
 * carries a NUL, a lone surrogate or the wrong type past the other fields' checks.
 */
export function hostileFieldOf(schema: z.ZodType, name: string, hints: Hints = {}) {
  const shape = shapeOf(schema);
  if (!shape?.[name]) throw new Error(`no field ${name} in the schema`);
  return oneHostile(shape, { hints, mode: 'valid' }, name);
}

/** Only values the schema describes (or the hints name): a well-formed request. */
export function validArbitraryOf(schema: z.ZodType, hints: Hints = {}): fc.Arbitrary<unknown> {
  return arbitrary(schema, { hints, mode: 'valid' });
}

/** A value the schema would take, with a NUL or a lone surrogate slipped in somewhere. */
function withChar(text: string, chars: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.tuple(chars, fc.nat()).map(([char, at]) => {
    const cut = at % (text.length + 1);
    return `${text.slice(0, cut)}${char}${text.slice(cut)}`;
  });
}

/**
 * Text within the schema's lengths: ASCII, any Unicode, its pattern, or an e-mail address. A
 * valid one keeps to the pattern or the e-mail format when the schema has one.
 */
function stringOf(schema: z.ZodType, { mode, field }: Ctx): fc.Arbitrary<string> {
  const { minLength, maxLength } = limitsOf(schema);
  // A JSON Schema keeps no e-mail format: a field named so takes an address all the same.
  const format = limitsOf(schema).format ?? (/^email$/i.test(field ?? '') ? 'email' : null);
  const min = Math.min(minLength ?? 0, 40);
  const max = Math.max(min, Math.min(maxLength ?? 40, 40));
  const fit = (value: string) => value.slice(0, maxLength ?? value.length);
  const shaped =
    format === 'email'
      ? [fc.emailAddress().map(fit)]
      : patternsOf(schema).map((pattern) =>
          fc
            .stringMatching(pattern)
            .filter((value) => value.length >= min && value.length <= (maxLength ?? Infinity)),
        );
  if (mode === 'valid' && shaped.length > 0) return fc.oneof(...shaped);
  const free = [
    fc.string({ minLength: min, maxLength: max }),
    fc.string({ unit: 'grapheme', minLength: min, maxLength: max }),
  ];
  return fc.oneof(...free, ...shaped);
}

function numberOf(schema: z.ZodType): fc.Arbitrary<number> {
  const { minValue, maxValue, isInt } = limitsOf(schema);
  const min = Math.max(minValue ?? -1_000_000, -1_000_000);
  const max = Math.min(maxValue ?? 1_000_000, 1_000_000);
  return isInt ? fc.integer({ min, max }) : fc.double({ min, max, noNaN: true });
}
