import {
  DEV_SERVICE_LIMITS,
  DomainError,
  type DevServiceExchange,
  type DevServiceOutcome,
} from '@music-rooms/domain';
import type { Exchange, ExchangeRecorder } from '../yandex-music/client';

/**
 * The developer pages' record of a try at a service: each exchange as it went over the wire,
 * and the value or the service's error at the end. The token is masked in everything kept, so
 * nothing of it but its first and last few characters leaves the server.
 */

/** The token's first and last few characters with dots between (all dots for a short one). */
export function maskedToken(token: string): string {
  const shown = DEV_SERVICE_LIMITS.tokenShown;
  const dots = '•'.repeat(8);
  return token.length > shown * 3 ? `${token.slice(0, shown)}${dots}${token.slice(-shown)}` : dots;
}

/** The text with every occurrence of the token masked. */
export function maskToken(text: string, token: string | null): string {
  return token ? text.split(token).join(maskedToken(token)) : text;
}

/** An exchange as the page shows it: masked first, then cut to a readable length. */
export function shownExchange(exchange: Exchange, token: string | null): DevServiceExchange {
  const max = DEV_SERVICE_LIMITS.rawAnswerMax;
  const body = maskToken(exchange.body, token);
  return {
    method: exchange.method,
    url: maskToken(exchange.url.toString(), token),
    authorization: exchange.carriedToken && token ? `OAuth ${maskedToken(token)}` : null,
    status: exchange.status,
    contentType: exchange.contentType,
    body: body.slice(0, max),
    truncated: body.length > max,
    ms: exchange.ms,
  };
}

/**
 * Runs one try, keeping every exchange it reports: its value, or the service's error (any other
 * failure is a fault of the app and is thrown as usual).
 */
export async function recordedTry<T>(
  token: string | null,
  run: (record: ExchangeRecorder) => Promise<T>,
): Promise<DevServiceOutcome<T>> {
  const exchanges: DevServiceExchange[] = [];
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const value = await run((exchange) => exchanges.push(shownExchange(exchange, token)));
    return { ok: true, value, exchanges, ms: elapsed() };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const values = Object.fromEntries(
      Object.entries(error.data).filter(
        (entry): entry is [string, string | number] =>
          typeof entry[1] === 'string' || typeof entry[1] === 'number',
      ),
    );
    return { ok: false, failure: { key: error.key, values }, exchanges, ms: elapsed() };
  }
}
