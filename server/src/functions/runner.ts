import { DomainError, findMalformedText } from '@music-rooms/domain';
import type { TopicBus } from '../realtime/topic-bus';
import type { RequestDeps } from '../services/deps';
import type { Caller, FunctionContext, FunctionDefinition } from './define';
import { invalidArgs, malformedArgs } from './function-error';

type Outcome = { logLines: string[]; topics: string[] };

/** What a run gave: a value or a domain error, the log lines, and the topics a query watched. */
export type FunctionOutcome =
  | (Outcome & { status: 'success'; value: unknown; channel?: string })
  | (Outcome & { status: 'error'; error: DomainError });

/**
 * Runs one function for one caller: validates the args, calls the handler, and once a mutation
 * or action has succeeded publishes what it changed. A DomainError is the caller's answer;
 * anything else thrown is a fault and propagates.
 */
export async function runFunction(
  deps: RequestDeps,
  topics: TopicBus,
  definition: FunctionDefinition,
  rawArgs: unknown,
  caller: Caller,
): Promise<FunctionOutcome> {
  const logLines: string[] = [];
  const watched = new Set<string>();
  const published = new Set<string>();
  let channel: string | undefined;
  // Before any schema: a string no database can hold never reaches a handler, whatever its schema.
  const malformed = findMalformedText(rawArgs);
  if (malformed) {
    const error = malformedArgs(definition.path, malformed);
    return { status: 'error', error, logLines, topics: [] };
  }
  const parsed = definition.args.safeParse(rawArgs);
  if (!parsed.success) {
    const error = invalidArgs(definition.path, parsed.error);
    return { status: 'error', error, logLines, topics: [] };
  }
  const ctx: FunctionContext = {
    caller,
    deps,
    log: (line) => void logLines.push(line),
    watch: (topic) => void watched.add(topic),
    share: (name) => void (channel = name),
    publish: (topic) => void published.add(topic),
  };
  let value: unknown;
  try {
    value = await definition.invoke(ctx, parsed.data);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return { status: 'error', error, logLines, topics: [...watched] };
  }
  if (definition.kind !== 'query' && published.size > 0) await topics.publish([...published]);
  const outcome = { status: 'success' as const, value, logLines, topics: [...watched] };
  return channel === undefined ? outcome : { ...outcome, channel };
}
