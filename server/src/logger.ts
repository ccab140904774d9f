import {
  LogController,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { serializeError } from './log-errors';
import { prettyLogStream } from './log-pretty';

const CENSOR = '[redacted]';

/** Headers and fields whose values never reach the log. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-admin-key"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.newPassword',
  '*.currentPassword',
  '*.token',
  // The streaming service's token, wherever a function's arguments or a call's headers appear.
  '*.args.token',
  '*.headers.authorization',
  '*.accessToken',
  '*.refreshToken',
  '*.secret',
  '*.clientSecret',
];

/**
 * Query parameters whose values are secrets: reset links (`?token=`), OAuth callbacks
 * (`?code=&state=`), and anything named like a password, key or credential.
 */
const SECRET_QUERY_PARAM =
  /^(code|state|key|sig|otp|nonce)$|token|pass(word)?|secret|api[-_]?key|auth|signature|session|credential|grant/i;

/** The URL as logged: the path and harmless parameters kept, secret values replaced. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at === -1) return url;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawName = eq === -1 ? pair : pair.slice(0, eq);
      return eq !== -1 && SECRET_QUERY_PARAM.test(decodeName(rawName))
        ? `${rawName}=${CENSOR}`
        : pair;
    });
  return `${url.slice(0, at)}?${query.join('&')}`;
}

function decodeName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
}

/** Fastify's own request serializer, with the URL's secrets taken out. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** The settings of the log; in a terminal it reads as text (log-pretty.ts), elsewhere as JSON. */
export function loggerOptions(
  level: string,
  stream?: { write: (line: string) => void },
): FastifyServerOptions['logger'] {
  const out = stream ?? (process.stdout.isTTY ? prettyLogStream() : undefined);
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: CENSOR },
    // Errors lose what a failed query carries: its SQL, its parameters, hashes (log-errors.ts).
    serializers: { req: serializeRequest, res: serializeReply, err: serializeError },
    ...(out ? { stream: out } : {}),
  };
}

function serializeReply(reply: { statusCode: number }) {
  return { statusCode: reply.statusCode };
}

/**
 * One log line per request, once it is answered (Fastify's own logging writes two: one when a
 * request comes in, one when it is done). A route with a higher `logLevel` (the health check)
 * stays out of the info log, as its `reply.log` is quieter.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request');
  }
}
