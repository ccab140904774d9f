/** Called with the topics a mutation or action changed. */
export type TopicHandler = (topics: readonly string[]) => void;

/**
 * Carries "these topics changed" from the node that ran a mutation to every node's live queries:
 * in-process for one node, over Redis for several.
 */
export type TopicBus = {
  publish: (topics: readonly string[]) => Promise<void>;
  /** Registers a handler; the returned function removes it. */
  onTopics: (handler: TopicHandler) => () => void;
  close: () => Promise<void>;
};

/** Handlers on this node; both buses deliver to them. */
export class LocalTopicHandlers {
  private readonly handlers = new Set<TopicHandler>();

  add(handler: TopicHandler): () => void {
    this.handlers.add(handler);
    return () => void this.handlers.delete(handler);
  }

  deliver(topics: readonly string[]): void {
    for (const handler of this.handlers) handler(topics);
  }

  clear(): void {
    this.handlers.clear();
  }
}

/** One node: topics go straight to this process's handlers. */
export function createMemoryTopicBus(): TopicBus {
  const local = new LocalTopicHandlers();
  return {
    publish: async (topics) => local.deliver(topics),
    onTopics: (handler) => local.add(handler),
    close: async () => local.clear(),
  };
}
