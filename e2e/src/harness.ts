import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
// The app's decorations (database, background work...), for the type check.
import '../../server/src/app-decorations';
import { buildApp } from '../../server/src/app';
import { loadConfig, type RoomTimings } from '../../server/src/config';

const appRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export type E2EServer = { url: string; close: () => Promise<void> };

/**
 * Settings for a server a journey starts: silent, an in-memory database on an ephemeral port,
 * and stored files in a folder of its own unless `env` names one, so journeys running in
 * parallel never share uploads. `removeOwnDataDir` removes that folder once the server stopped.
 */
export function journeyServerSettings(env: Record<string, string>) {
  const ownDataDir = env.DATA_DIR
    ? null
    : fs.mkdtempSync(path.join(os.tmpdir(), 'music-rooms-e2e-'));
  return {
    settings: {
      LOG_LEVEL: 'silent',
      DATABASE_URL: ':memory:',
      PORT: '0',
      ...(ownDataDir ? { DATA_DIR: ownDataDir } : {}),
      ...env,
    },
    removeOwnDataDir: () => {
      if (ownDataDir) fs.rmSync(ownDataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Serves the built web app through the real server, with a database kept in memory. It listens
 * on `env.PORT` when given (with PUBLIC_URL to match, for e-mailed links and provider
 * callbacks: see startPublicServer), on a free port otherwise. `rooms` shortens room timings
 * (how long a password pass lasts...), which no setting changes.
 */
export async function startServer(
  env: Record<string, string> = {},
  rooms: Partial<RoomTimings> = {},
): Promise<E2EServer> {
  if (!fs.existsSync(path.join(appRoot, 'web/dist/index.html'))) {
    throw new Error('The web app is not built: run `npm run build` before the browser tests.');
  }
  const { settings, removeOwnDataDir } = journeyServerSettings(env);
  const config = loadConfig(settings, { appRoot });
  const app = await buildApp(
    { ...config, rooms: { ...config.rooms, ...rooms } },
    { logger: false },
  );
  await app.listen({ port: config.port, host: '127.0.0.1' });
  await app.backgroundWork.started;
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      await app.close();
      removeOwnDataDir();
    },
  };
}

/**
 * A server whose PUBLIC_URL is the address the browser uses, so the links it mails and the
 * provider callbacks it hands out lead back to it.
 */
export async function startPublicServer(
  env: Record<string, string> = {},
  rooms: Partial<RoomTimings> = {},
): Promise<E2EServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  return startServer({ ...env, PORT: String(port), PUBLIC_URL: url }, rooms);
}

/** A TCP port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Flags that keep headless Chromium off the network this machine does not have. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Debian's `chromium-headless-shell`: the same engine without the browser's own interface,
 * which costs up to a quarter less CPU per journey. It grants no notification permission, and the
 * journeys that play and measure sound keep the Chromium people use, so those launch full Chromium.
 */
export const HEADLESS_SHELL_PATH =
  process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';

/** Which Chromium a journey drives: the headless shell falls back to full Chromium when absent. */
export type ChromiumBuild = 'full' | 'headless-shell';

/** Launches Debian's Chromium through playwright-core. */
export async function launchBrowser(build: ChromiumBuild = 'full'): Promise<Browser> {
  if (build === 'headless-shell' && fs.existsSync(HEADLESS_SHELL_PATH)) {
    return chromium.launch({ executablePath: HEADLESS_SHELL_PATH, args: CHROMIUM_ARGS });
  }
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}: install it with \`apt-get install -y chromium\` or set CHROMIUM_PATH.`,
    );
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}
