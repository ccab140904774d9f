import type { Config } from '../config';
import type { Database } from '../db';
import type { TopicBus } from '../realtime/topic-bus';
import type { Caller, FunctionContext, FunctionDefinition, FunctionServices } from './define';
import { FunctionError, invalidArgs } from './function-error';

export type RunEnvironment = {
  db: Database;
  config: Config;
  topics: TopicBus;
  services: FunctionServices;
};

type Outcome = { logLines: string[]; topics: string[] };

/** What a run gave: a value or a function error, the log lines, and the topics a query watched. */
export type FunctionOutcome =
  | (Outcome & { status: 'success'; value: unknown })
  | (Outcome & { status: 'error'; error: FunctionError });

/**
 * Runs one function for one caller: validates the args, calls the handler, and once a mutation
 * or action has succeeded publishes what it changed. Faults other than FunctionError propagate.
 */
export async function runFunction(
  env: RunEnvironment,
  definition: FunctionDefinition,
  rawArgs: unknown,
  caller: Caller,
): Promise<FunctionOutcome> {
  const logLines: string[] = [];
  const watched = new Set<string>();
  const published = new Set<string>();
  const parsed = definition.args.safeParse(rawArgs);
  if (!parsed.success) {
    return {
      status: 'error',
      error: invalidArgs(definition.path, parsed.error),
      logLines,
      topics: [],
    };
  }
  const ctx: FunctionContext = {
    db: env.db,
    caller,
    config: env.config,
    services: env.services,
    log: (line) => void logLines.push(line),
    watch: (topic) => void watched.add(topic),
    publish: (topic) => void published.add(topic),
  };
  let value: unknown;
  try {
    value = await definition.invoke(ctx, parsed.data);
  } catch (error) {
    if (!(error instanceof FunctionError)) throw error;
    return { status: 'error', error, logLines, topics: [...watched] };
  }
  if (definition.kind !== 'query' && published.size > 0) {
    await env.topics.publish([...published]);
  }
  return { status: 'success', value, logLines, topics: [...watched] };
}
