/**
 * The log as a person reads it in a terminal: one line per record, the time, the level and the
 * message, a request as `METHOD url status time`, other fields as compact JSON, and an error's
 * stack below. Only for a terminal: anywhere else the log stays JSON, one record a line.
 */
const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO ',
  40: 'WARN ',
  50: 'ERROR',
  60: 'FATAL',
};

const PINO_FIELDS = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId']);

type Record_ = { [field: string]: unknown; level?: number; time?: number; msg?: string };

export function prettyLogStream(out: NodeJS.WritableStream = process.stdout) {
  return { write: (line: string) => void out.write(`${prettyLine(line)}\n`) };
}

export function prettyLine(line: string): string {
  let record: Record_;
  try {
    record = JSON.parse(line) as Record_;
  } catch {
    return line.trimEnd();
  }
  const time = new Date(record.time ?? Date.now()).toISOString().slice(11, 19);
  const level = LEVELS[record.level ?? 30] ?? String(record.level);
  const parts = [time, level, requestText(record) ?? record.msg ?? ''];
  const rest = Object.entries(record).filter(([field]) => !isShown(field));
  if (rest.length > 0) parts.push(JSON.stringify(Object.fromEntries(rest)));
  const stack = (record.err as { stack?: string } | undefined)?.stack;
  return stack ? `${parts.join(' ')}\n${stack}` : parts.join(' ');
}

/** `POST /api/query 200 12ms` for the one line each request gets. */
function requestText(record: Record_): string | null {
  const req = record.req as { method?: string; url?: string } | undefined;
  const res = record.res as { statusCode?: number } | undefined;
  if (!req || !res) return null;
  const ms = typeof record.responseTime === 'number' ? ` ${Math.round(record.responseTime)}ms` : '';
  return `${req.method ?? ''} ${req.url ?? ''} ${res.statusCode ?? ''}${ms}`;
}

function isShown(field: string): boolean {
  return PINO_FIELDS.has(field) || ['req', 'res', 'responseTime', 'err'].includes(field);
}
