import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
// The app's decorations (database, background work...), for the type check.
import '../../server/src/app-decorations';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { journeyServerSettings, type E2EServer } from './harness';

const appRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A server as `startServer` makes it, with its app at hand to set up data no call can make. */
export type AppServer = E2EServer & { app: FastifyInstance };

/** The real server as `startServer` starts it, keeping a handle on the app (its database). */
export async function startAppServer(env: Record<string, string> = {}): Promise<AppServer> {
  const { settings, removeOwnDataDir } = journeyServerSettings(env);
  const config = loadConfig(settings, { appRoot });
  const app = await buildApp(config, { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  await app.backgroundWork.started;
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const close = async () => {
    await app.close();
    removeOwnDataDir();
  };
  return { url: `http://127.0.0.1:${port}`, close, app };
}
