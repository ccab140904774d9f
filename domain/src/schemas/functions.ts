import { z } from 'zod';
import { DEBUG_EVENT_LIMITS, type DebugEvent, type FunctionRequest } from '../functions';
import { REALTIME_LIMITS, type SubscribeRequest } from '../realtime';
import { text } from './text';

/**
 * Runtime checks of the call contracts in functions.ts and realtime.ts. They live apart so that
 * the browser, which only sends these bodies, does not bundle zod for them.
 */
const argsObject = z.record(text(), z.unknown());
const functionArgs = z.union([argsObject, z.tuple([argsObject])]).optional();

export const functionRequestSchema = z.object({
  path: text().min(1).max(200),
  args: functionArgs,
  format: z.literal('json').optional(),
  ts: z.number().optional(),
}) satisfies z.ZodType<FunctionRequest>;

const capped = (max: number) => text().transform((value) => value.slice(0, max));

export const debugEventSchema = z.object({
  message: capped(DEBUG_EVENT_LIMITS.message),
  stack: capped(DEBUG_EVENT_LIMITS.stack).optional(),
  url: capped(DEBUG_EVENT_LIMITS.url).optional(),
  userAgent: capped(DEBUG_EVENT_LIMITS.userAgent).optional(),
  extra: z.record(text(), z.unknown()).optional(),
}) satisfies z.ZodType<DebugEvent, DebugEvent>;

export const subscribeRequestSchema = z.object({
  id: text().min(1).max(REALTIME_LIMITS.liveQueryIdMaxLength),
  path: text().min(1).max(200),
  args: functionArgs,
}) satisfies z.ZodType<SubscribeRequest>;
