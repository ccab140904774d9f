/**
 * How deep JSON input may nest arrays and objects. The app's own bodies and socket messages
 * nest a few levels; a body nested hundreds of thousands deep costs every walk over it (the
 * parse, the text check, the schemas) a long hold of the event loop that every other request
 * waits behind.
 */
export const MAX_JSON_NESTING = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/**
 * Whether JSON text opens more than `limit` arrays or objects inside one another, brackets in
 * strings aside: one pass over the raw text, before anything parses it. On valid JSON the count
 * is exact; on invalid JSON the parser stops at the first fault, and up to there it is exact too.
 */
export function jsonNestsDeeperThan(text: string, limit = MAX_JSON_NESTING): boolean {
  let depth = 0;
  let inString = false;
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (inString) {
      if (code === BACKSLASH) at++;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) {
      inString = true;
    } else if (code === OPEN_BRACKET || code === OPEN_BRACE) {
      if (++depth > limit) return true;
    } else if (code === CLOSE_BRACKET || code === CLOSE_BRACE) {
      depth--;
    }
  }
  return false;
}
