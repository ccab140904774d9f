import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';

/** Starts one server node and stops it cleanly on SIGINT/SIGTERM. */
async function main() {
  const config = loadConfig();
  const app = await buildApp(config);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  process.stdout.write(`Music rooms is running at http://${displayHost(config.host)}:${port}\n`);
}

function displayHost(host: string): string {
  return host === '0.0.0.0' || host === '::'
    ? 'localhost'
    : host.includes(':')
      ? `[${host}]`
      : host;
}

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
