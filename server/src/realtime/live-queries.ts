import type { FastifyBaseLogger } from 'fastify';
import {
  DomainError,
  PLATFORM_ERROR_CODES,
  PLATFORM_ERRORS,
  REALTIME_LIMITS,
  subscribeRequestSchema,
  unwrapFunctionArgs,
  type FunctionArgs,
  type FunctionErrorData,
} from '@music-rooms/domain';
import type { Caller, FunctionDefinition } from '../functions/define';
import { functionNotFound, wrongFunctionKind } from '../functions/function-error';
import type { Functions } from '../functions/plugin';
import type { FunctionOutcome } from '../functions/runner';
import { outcomeFingerprint } from './change-detection';
import { LiveQueryChannels, type Channel, type ChannelClient } from './live-query-channels';

/** One connection as the live queries see it: whose it is and how to reach it. */
export type LiveQueryClient = ChannelClient & {
  caller: () => Caller;
  /** With a channel: the query's next values come as that channel's broadcasts. */
  sendValue: (id: string, value: unknown, channel?: string) => void;
  sendError: (id: string, errorMessage: string, errorData: FunctionErrorData) => void;
};

type LiveQuery = {
  client: LiveQueryClient;
  /** The channel whose broadcasts carry this query's values, while its runs name one. */
  channel: Channel | null;
  id: string;
  definition: FunctionDefinition;
  args: FunctionArgs;
  topics: Set<string>;
  /** Fingerprint of the last answer sent, to skip an equal one. */
  lastSent: string | null;
  running: boolean;
  /** Invalidated while running: run again once the current run ends. */
  stale: boolean;
  /**
   * Topics published while a run was under way. The run may read one of them before its topics
   * are indexed (its first run watches nothing yet); if it did, it runs again.
   */
  heard: Set<string>;
  active: boolean;
};

const internalError = () =>
  new DomainError(PLATFORM_ERROR_CODES.internal, PLATFORM_ERRORS.internal);

const tooManyLiveQueries = () =>
  new DomainError(
    'too_many_live_queries',
    PLATFORM_ERRORS.invalidRequest,
    {},
    'Too many live queries',
  );

const invalidSubscription = () =>
  new DomainError(
    PLATFORM_ERROR_CODES.invalidRequest,
    PLATFORM_ERRORS.invalidRequest,
    {},
    'Invalid subscription',
  );

/**
 * The live queries of this node's connections. A query re-runs when a topic it watched is
 * published; invalidations that arrive in one tick cause one re-run, and the client hears
 * about it only when the answer differs from the last one it got.
 */
export class LiveQueries {
  private readonly byClient = new Map<LiveQueryClient, Map<string, LiveQuery>>();
  private readonly byTopic = new Map<string, Set<LiveQuery>>();
  private readonly pending = new Set<LiveQuery>();
  private readonly running = new Set<LiveQuery>();
  private readonly channels: LiveQueryChannels;
  private flushHandle: NodeJS.Immediate | null = null;
  private closed = false;

  /** `broadcast` sends a channel's new value to every connection of this node that follows it. */
  constructor(
    private readonly functions: Functions,
    private readonly log: FastifyBaseLogger,
    broadcast: (channel: string, value: unknown) => void,
  ) {
    this.channels = new LiveQueryChannels(broadcast);
  }

  /** Starts a live query; the first answer goes out as soon as the query has run. */
  subscribe(client: LiveQueryClient, request: unknown): void {
    const parsed = subscribeRequestSchema.safeParse(request);
    if (!parsed.success) return this.refuse(client, request, invalidSubscription());
    const { id, path, args } = parsed.data;
    const definition = this.functions.find(path);
    if (!definition) return this.refuse(client, request, functionNotFound(path));
    if (definition.kind !== 'query') {
      const error = wrongFunctionKind(definition.path, definition.kind, 'query');
      return client.sendError(id, error.message, error.errorData);
    }
    const queries = this.queriesOf(client);
    this.unsubscribe(client, id);
    if (queries.size >= REALTIME_LIMITS.maxLiveQueriesPerConnection) {
      return this.refuse(client, request, tooManyLiveQueries());
    }
    const query: LiveQuery = {
      client,
      channel: null,
      id,
      definition,
      args: unwrapFunctionArgs(args),
      topics: new Set(),
      lastSent: null,
      running: false,
      stale: false,
      heard: new Set(),
      active: true,
    };
    queries.set(id, query);
    void this.execute(query);
  }

  unsubscribe(client: LiveQueryClient, id: unknown): void {
    const query = typeof id === 'string' ? this.byClient.get(client)?.get(id) : undefined;
    if (!query) return;
    query.active = false;
    this.channels.leave(query);
    this.byClient.get(client)?.delete(query.id);
    this.pending.delete(query);
    this.index(query, new Set());
  }

  /** The connection is gone: forget all its live queries. */
  dropClient(client: LiveQueryClient): void {
    for (const id of [...(this.byClient.get(client)?.keys() ?? [])]) this.unsubscribe(client, id);
    this.byClient.delete(client);
  }

  /** Marks every live query that watched one of the topics, and re-runs them on the next tick. */
  invalidate(topics: readonly string[]): void {
    if (this.closed) return;
    for (const query of this.running) for (const topic of topics) query.heard.add(topic);
    for (const topic of topics) {
      for (const query of this.byTopic.get(topic) ?? []) this.pending.add(query);
    }
    if (this.pending.size > 0 && this.flushHandle === null) {
      this.flushHandle = setImmediate(() => this.flush());
    }
  }

  close(): void {
    this.closed = true;
    if (this.flushHandle !== null) clearImmediate(this.flushHandle);
    this.flushHandle = null;
    this.pending.clear();
    this.running.clear();
    this.byClient.clear();
    this.byTopic.clear();
    this.channels.clear();
  }

  private flush(): void {
    this.flushHandle = null;
    const batch = [...this.pending];
    this.pending.clear();
    for (const query of batch) void this.execute(query);
  }

  private async execute(query: LiveQuery): Promise<void> {
    if (query.running) {
      query.stale = true;
      return;
    }
    query.running = true;
    this.running.add(query);
    const channel = this.channels.begin(query);
    try {
      do {
        query.stale = false;
        query.heard.clear();
        await this.runOnce(query);
        if ([...query.heard].some((topic) => query.topics.has(topic))) query.stale = true;
      } while (query.stale && query.active && !this.closed);
    } finally {
      query.running = false;
      query.heard.clear();
      this.running.delete(query);
      this.channels.end(channel);
    }
  }

  private async runOnce(query: LiveQuery): Promise<void> {
    const outcome = await this.run(query);
    if (!query.active || this.closed) return;
    // A failed run may stop before it watched everything: keep listening to what it read before.
    const topics = new Set(outcome.topics);
    if (outcome.status === 'error') for (const topic of query.topics) topics.add(topic);
    this.index(query, topics);
    if (outcome.status === 'success' && outcome.channel !== undefined) {
      const value = outcome.value ?? null;
      if (this.channels.settle(query, outcome.channel, value)) {
        query.client.sendValue(query.id, value, outcome.channel);
      }
      return;
    }
    if (query.channel) {
      // Off the channel: the client hears this answer by itself, whatever it was before.
      this.channels.leave(query);
      query.lastSent = null;
    }
    const answer =
      outcome.status === 'success'
        ? { value: outcome.value ?? null }
        : { errorMessage: outcome.error.message, errorData: outcome.error.errorData };
    const print = outcomeFingerprint(answer);
    if (print === query.lastSent) return;
    query.lastSent = print;
    if ('value' in answer) query.client.sendValue(query.id, answer.value);
    else query.client.sendError(query.id, answer.errorMessage, answer.errorData);
  }

  private async run(query: LiveQuery): Promise<FunctionOutcome> {
    try {
      return await this.functions.run(query.definition, query.args, query.client.caller());
    } catch (err) {
      this.log.error({ err, path: query.definition.path }, 'live query failed');
      const error = internalError();
      return { status: 'error', error, logLines: [], topics: [] };
    }
  }

  /** Moves the query from the topics it watched to the ones it watches now. */
  private index(query: LiveQuery, topics: Set<string>): void {
    for (const topic of query.topics) {
      if (topics.has(topic)) continue;
      const watchers = this.byTopic.get(topic);
      watchers?.delete(query);
      if (watchers?.size === 0) this.byTopic.delete(topic);
    }
    for (const topic of topics) {
      const watchers = this.byTopic.get(topic) ?? new Set();
      watchers.add(query);
      this.byTopic.set(topic, watchers);
    }
    query.topics = topics;
  }

  private queriesOf(client: LiveQueryClient): Map<string, LiveQuery> {
    const existing = this.byClient.get(client);
    if (existing) return existing;
    const created = new Map<string, LiveQuery>();
    this.byClient.set(client, created);
    return created;
  }

  /** Answers a subscription that cannot start, when it at least names an id to answer to. */
  private refuse(client: LiveQueryClient, request: unknown, error: DomainError): void {
    const id = (request as { id?: unknown } | null)?.id;
    if (typeof id === 'string') client.sendError(id, error.message, error.errorData);
  }
}
