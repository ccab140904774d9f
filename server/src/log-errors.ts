/**
 * How an error is written to the log: never with the SQL parameters, the query text, hashes,
 * tokens or passwords it may carry. Drizzle wraps a failed query as `Failed query: <sql>
 * params: <values>` (message, `query`, `params`), PGlite attaches `query` and `params` to its
 * own error, and PostgreSQL's `detail` quotes the offending values (`Key (email)=(...)`). What
 * stays: the type, the SQLSTATE code, the constraint (table, column) and a short message.
 */

const CENSOR = '[redacted]';
/** How deep a `cause` chain is followed (drizzle wraps the driver's error once). */
const MAX_CAUSES = 4;
const MAX_MESSAGE = 300;
const MAX_FIELD = 200;

/** Fields never copied: what a database error holds of the query, and anything secret-named. */
const SECRET_FIELD =
  /hash|token|pass(word|wd|phrase)?|secret|credential|cookie|authori[sz]ation|grant|verifier|signature|nonce|[a-z_]key$|param|query|detail|where|hint|internal|sql|value|body|header/i;
/** Fields that name rather than hold: kept even where the pattern above would drop them. */
const NAMING_FIELD = new Set(['code', 'constraint', 'table', 'column', 'schema', 'dataType']);
/** Password hashes (argon2, bcrypt, scrypt) wherever they turn up in a text. */
const HASH = /\$(argon2(id|i|d)|2[abxy]|scrypt)\$[^\s"';)]*/g;
/** The SQLSTATE of a PostgreSQL error (both drivers give it as `code`). */
const SQLSTATE = /^[0-9A-Z]{5}$/;

type Fields = Record<string, unknown>;

export type LoggedError = {
  type: string;
  message: string;
  /** The message, then only the `at ...` lines (empty when the error had none). */
  stack: string;
  cause?: LoggedError;
  [field: string]: unknown;
};

/** pino's `err` serializer: the error as it may be logged. */
export function serializeError(error: unknown): LoggedError {
  if (isObject(error)) return serialize(error, 0);
  return { type: typeof error, message: shorten(String(error)), stack: '' };
}

/** One line about an error, safe to log (`Type [code]: message`), for fields of its own. */
export function safeErrorText(error: unknown): string {
  if (!isObject(error)) return 'unknown failure';
  const code = typeof error.code === 'string' ? ` [${error.code}]` : '';
  return `${typeName(error)}${code}: ${safeMessage(error)}`;
}

function serialize(error: Fields, depth: number): LoggedError {
  const type = typeName(error);
  const message = safeMessage(error);
  const frames = typeof error.stack === 'string' ? stackFrames(error.stack) : '';
  const stack = frames ? `${type}: ${message}\n${frames}` : '';
  const logged: LoggedError = { ...safeFields(error), ...hoisted(error), type, message, stack };
  if (isObject(error.cause) && depth < MAX_CAUSES) logged.cause = serialize(error.cause, depth + 1);
  return logged;
}

/** The own fields of plain values that neither hold a query nor are named like a secret. */
function safeFields(error: Fields): Fields {
  const kept: Fields = {};
  for (const [name, value] of Object.entries(error)) {
    if (name === 'message' || name === 'stack' || name === 'cause') continue;
    if (SECRET_FIELD.test(name) && !NAMING_FIELD.has(name)) continue;
    if (typeof value === 'string') kept[name] = shorten(value, MAX_FIELD);
    else if (typeof value === 'number' || typeof value === 'boolean') kept[name] = value;
  }
  return kept;
}

/** A wrapper's own lines lack the database's code and constraint: they come up from the cause. */
function hoisted(error: Fields): Fields {
  if (typeof error.code === 'string') return {};
  const database = databaseErrorIn(error);
  if (!database) return {};
  const fields: Fields = {};
  for (const name of NAMING_FIELD) {
    if (typeof database[name] === 'string') fields[name] = shorten(database[name], MAX_FIELD);
  }
  return fields;
}

function safeMessage(error: Fields): string {
  const raw = typeof error.message === 'string' ? error.message : '';
  // Drizzle's message is the SQL and its parameters: the database's own reason replaces it.
  if (/^Failed query:|^params:/m.test(raw)) {
    const database = databaseErrorIn(error.cause);
    return `Failed query: ${database ? safeMessage(database) : 'database error'}`;
  }
  return shorten(isDatabaseError(error) ? withoutQuotedValues(raw, error) : raw);
}

/**
 * PostgreSQL quotes values in some messages (`invalid input syntax for type uuid: "..."`);
 * quoted names the error itself gives (its constraint, table, column) are kept.
 */
function withoutQuotedValues(message: string, error: Fields): string {
  const names = new Set(
    [...NAMING_FIELD].map((name) => error[name]).filter((value) => typeof value === 'string'),
  );
  return message.replace(/"([^"]*)"/g, (quoted, inner: string) =>
    names.has(inner) ? quoted : `"${CENSOR}"`,
  );
}

function databaseErrorIn(error: unknown): Fields | null {
  let current = error;
  for (let depth = 0; depth <= MAX_CAUSES && isObject(current); depth++) {
    if (isDatabaseError(current)) return current;
    current = current.cause;
  }
  return null;
}

const isDatabaseError = (error: Fields) =>
  typeof error.code === 'string' && SQLSTATE.test(error.code) && 'severity' in error;

/** The `at ...` lines of a stack: its first lines repeat the message, which may hold the query. */
function stackFrames(stack: string): string {
  return stack
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');
}

function typeName(error: Fields): string {
  const ctor = (error as { constructor?: { name?: unknown } }).constructor;
  if (typeof ctor?.name === 'string' && ctor.name !== 'Object') return ctor.name;
  return typeof error.name === 'string' ? error.name : 'Error';
}

function shorten(text: string, max = MAX_MESSAGE): string {
  const clean = text.replace(HASH, CENSOR);
  return clean.length > max ? `${clean.slice(0, max)}…` : clean;
}

function isObject(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null;
}
