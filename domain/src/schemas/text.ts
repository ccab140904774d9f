import { z } from 'zod';
import { VALIDATION } from './validation-keys';

/**
 * Text as every schema takes it. A NUL character cannot be stored in a PostgreSQL text column
 * (the query throws, and the request would end in a 500); a UTF-16 surrogate without its pair is
 * no character at all (UTF-8 turns it into U+FFFD behind the caller's back). No keyboard types
 * either: such a string is refused as validation.invalidFormat.
 */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
const MALFORMED = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export const isWellFormedText = (value: string): boolean => value.search(MALFORMED) === -1;

/**
 * The string of every contract and form schema (ESLint refuses a bare `z.string()` in domain/
 * and in the server's routes): refuses malformed text first, and stops there, so the rules
 * chained after it (`.trim().min(...)`) only ever see well-formed text.
 */
export const text = () =>
  // eslint-disable-next-line no-restricted-syntax -- the one place the bare string is wrapped
  z.string().refine(isWellFormedText, { message: VALIDATION.invalidFormat, abort: true });

/**
 * Only invisible characters: format characters (zero-width spaces and joiners, direction marks,
 * embeddings, overrides and isolates, the byte-order mark), separators, controls, and the
 * default-ignorable fillers (Hangul fillers, variation selectors) and the blank braille cell.
 */
const INVISIBLE_ONLY = /^[\p{Cf}\p{Zs}\p{Zl}\p{Zp}\p{Cc}\p{Default_Ignorable_Code_Point}\u2800]*$/u;

/** Whether text shows anything at all: a name made only of invisible characters is blank. */
export const hasVisibleText = (value: string): boolean => !INVISIBLE_ONLY.test(value);

/** Trimmed text that must not be blank (nor only invisible characters): validation.required. */
export const requiredText = () =>
  text()
    .trim()
    .min(1, { message: VALIDATION.required, abort: true })
    .refine(hasVisibleText, { message: VALIDATION.required, abort: true });

/**
 * The path of the first malformed string anywhere in a value (object keys included), or null.
 * The function runner and the HTTP routes check raw input with it before any schema runs, so a
 * schema that forgot `text()` still cannot let NUL reach the database. Iterative, and linear in
 * the size of the value: a deeply nested body can neither overflow the stack nor stall a node.
 */
export function findMalformedText(value: unknown): string[] | null {
  type Node = { value: unknown; key: string; parent: Node | null };
  const pathOf = (node: Node, last: string[] = []): string[] => {
    const keys: string[] = [];
    for (let at: Node | null = node; at?.parent; at = at.parent) keys.push(at.key);
    return [...keys.reverse(), ...last];
  };
  const pending: Node[] = [{ value, key: '', parent: null }];
  for (let node = pending.pop(); node; node = pending.pop()) {
    const current = node.value;
    if (typeof current === 'string') {
      if (!isWellFormedText(current)) return pathOf(node);
    } else if (current !== null && typeof current === 'object') {
      // Reversed, so that the first field in the body is the first one checked.
      for (const [key, item] of Object.entries(current).reverse()) {
        if (!isWellFormedText(key)) return pathOf(node, [key.replace(MALFORMED, '\uFFFD')]);
        pending.push({ value: item, key, parent: node });
      }
    }
  }
  return null;
}

/** The field a refusal names for a path `findMalformedText` gave: `a.b.0`, cut short when deep. */
export function fieldOfPath(path: readonly string[], maxSteps = 10): string {
  const shown = path.slice(0, maxSteps).map((step) => step.slice(0, 50));
  return path.length > maxSteps ? `${shown.join('.')}.…` : shown.join('.');
}
