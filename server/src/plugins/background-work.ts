import fp from 'fastify-plugin';

/** Starts a piece of background work; it handles and logs its own failures. */
type Starter = () => Promise<void> | void;

export type BackgroundWork = {
  /** Adds work to start once the server listens, after the work added before it. */
  add: (start: Starter) => void;
  /** Settles once every piece has started (tests wait for it, as for a ready server). */
  started: Promise<void>;
};

/**
 * The node's background work (job queue workers, import runners, sweeps, backfills) starts
 * once the server listens, never before: a server that cannot listen (a HOST or PORT it may not
 * use) closes without any of it having touched the database it is closing.
 */
export const backgroundWorkPlugin = fp(
  async (app) => {
    const starters: Starter[] = [];
    let markStarted = () => {};
    const started = new Promise<void>((resolve) => (markStarted = resolve));
    app.decorate('backgroundWork', { add: (start) => void starters.push(start), started });
    app.addHook('onListen', async () => {
      try {
        for (const start of starters) {
          await Promise.resolve()
            .then(start)
            .catch((err: unknown) => app.log.error({ err }, 'background work failed to start'));
        }
      } finally {
        markStarted();
      }
    });
  },
  { name: 'background-work' },
);

declare module 'fastify' {
  interface FastifyInstance {
    backgroundWork: BackgroundWork;
  }
}
