import { ConfigError } from './config';

/**
 * A setting that reads well but does not work, found out while starting: a server that does not
 * answer, a port another program holds, a folder that cannot be written. It is a ConfigError, so
 * main.ts prints its message as one line (the setting's name first) and exits 1.
 */
export function settingError(setting: string, problem: string, cause?: unknown): ConfigError {
  const reason = cause === undefined ? '' : ` (${reasonOf(cause)})`;
  return new ConfigError(`${setting} ${problem}${reason}`, { cause });
}

/** A server's address as it may be shown: no user name, password or query (they may hold secrets). */
export function addressOf(url: string): string {
  try {
    const parsed = new URL(url);
    const pathname = parsed.pathname === '/' ? '' : parsed.pathname;
    return `${parsed.protocol}//${parsed.host}${pathname}`;
  } catch {
    return '(an unreadable URL)';
  }
}

/** Why listening failed, as the setting to change; any other error is left as it is. */
export function listenError(error: unknown, { host, port }: { host: string; port: number }) {
  switch ((error as NodeJS.ErrnoException).code) {
    case 'EADDRINUSE':
      return settingError(
        'PORT',
        `${port} on HOST ${host} is in use by another program; stop it or choose another PORT`,
      );
    case 'EACCES':
      return settingError(
        'PORT',
        `${port} needs privileges this process lacks; choose one above 1023`,
      );
    case 'EADDRNOTAVAIL':
      return settingError('HOST', `${host} is not an address of this machine`);
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return settingError('HOST', `${host} is not a known host name`);
    default:
      return error;
  }
}

/**
 * The first line of an error's message. Connecting to `localhost` tries each of its addresses,
 * and Node reports the failures as an AggregateError whose own message is empty.
 */
function reasonOf(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) {
    return [...new Set(error.errors.map(reasonOf))].join('; ');
  }
  if (!(error instanceof Error)) return String(error);
  const text = error.message || (error as NodeJS.ErrnoException).code || error.name;
  return text.split('\n')[0] ?? text;
}
