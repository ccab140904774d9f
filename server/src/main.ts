import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { loadEnvFile } from './env-file';
import { listenError } from './startup-errors';

/** Starts one server node and stops it cleanly on SIGINT/SIGTERM. */
async function main() {
  loadEnvFile();
  const config = loadConfig();
  let app: FastifyInstance | null = null;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    // Stopped while still starting: exiting frees the data folder's lock (its exit hook).
    if (app) {
      app.log.info({ signal }, 'shutting down');
      await app.close();
    }
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  app = await buildApp(config);
  const port = await listen(app, config);
  process.stdout.write(`Music rooms is running at http://${displayHost(config.host)}:${port}\n`);
}

/** Listens on HOST:PORT and answers the port; a refusal closes the app and names the setting. */
async function listen(app: FastifyInstance, config: Config): Promise<number> {
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close().catch(() => {});
    throw listenError(error, config);
  }
  const address = app.server.address();
  return typeof address === 'object' && address ? address.port : config.port;
}

function displayHost(host: string): string {
  return host === '0.0.0.0' || host === '::'
    ? 'localhost'
    : host.includes(':')
      ? `[${host}]`
      : host;
}

// A setting that is wrong, read or found out while starting, is one line; anything else is a bug
// and keeps its stack.
main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `Failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
