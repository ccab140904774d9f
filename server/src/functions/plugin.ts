import fp from 'fastify-plugin';
import { createMailer } from '../services/accounts/mail';
import type { RequestDeps } from '../services/deps';
import type { Caller, FunctionDefinition } from './define';
import { appFunctions } from './index';
import { FunctionRegistry } from './registry';
import { runFunction, type FunctionOutcome } from './runner';

export type FunctionsPluginOptions = {
  /** Definitions added to the app's own (tests declare functions of their own this way). */
  extra?: readonly FunctionDefinition[];
};

export type Functions = {
  /** Finds a function by `module.name` or `module:name`. */
  find: (path: string) => FunctionDefinition | undefined;
  run: (definition: FunctionDefinition, args: unknown, caller: Caller) => Promise<FunctionOutcome>;
};

/**
 * The backend functions (design §3): one registry that HTTP and live queries both run through,
 * and the one place that builds what services get (RequestDeps).
 */
export const functionsPlugin = fp<FunctionsPluginOptions>(
  async (app, options) => {
    const registry = new FunctionRegistry([...appFunctions, ...(options.extra ?? [])]);
    const deps: RequestDeps = {
      db: app.database.db,
      config: app.config,
      log: app.log,
      jobs: app.jobs,
      ...app.roomRuntime,
      ...app.tracksRuntime,
      ...app.playerRuntime,
      mailer: createMailer(app.config, app.log),
      yandexMusic: app.yandexMusicRuntime,
      spotify: app.devToolsRuntime.spotify,
    };
    app.decorate('functions', {
      find: (path) => registry.find(path),
      run: (definition, args, caller) => runFunction(deps, app.topics, definition, args, caller),
    } satisfies Functions);
  },
  {
    name: 'functions',
    dependencies: [
      'database',
      'pubsub',
      'jobs-runtime',
      'room-runtime',
      'tracks-runtime',
      'player-runtime',
      'yandex-music-runtime',
      'dev-tools-runtime',
    ],
  },
);

declare module 'fastify' {
  interface FastifyInstance {
    functions: Functions;
  }
}
