import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test as base } from 'vitest';
import { startTestApp, type TestApp, type TestAppOptions } from './app';
import { factories, type Factories } from './factories';
import { startSmtpCapture } from './mail';
import { PUBLIC_URL } from './oauth-flow';
import { startFakeProviders } from './oauth-providers';
import { tempDataDir } from './password-reset';

export { describe, expect } from 'vitest';

/**
 * The integration suites' fixtures. Each starts when the first test that names it runs. The
 * file-scoped ones (the app, a data folder, outside servers) then serve every later test of the
 * file, as a `beforeAll` did, and stop after its last test, the last started first.
 *
 * A file sets its app apart once, at its top level, with a test of its own made by `extend`, which
 * leaves the shared `test` untouched even when files share a worker's loaded modules (an
 * `override` would change it for every later file of the worker):
 *
 *     const it = test
 *       .extend('appEnv', { scope: 'file' }, ({ dataDir }) => ({ DATA_DIR: dataDir }))
 *       .extend('appOptions', { scope: 'file' }, { captureLogs: true });
 *
 * A describe that needs an app of its own takes a `test.extend('appEnv', { scope: 'file' }, ...)`
 * of its own too, made at the top level (Vitest refuses a file-scoped fixture inside a
 * `describe`), whose fixtures (app included) are apart from the file's others.
 */

type Cleanup = { onCleanup: (cleanup: () => Promise<void> | void) => void };

/** A file fixture of something that needs no other fixture, undone by `stop` after the file. */
function startedOnce<T>(start: () => Promise<T> | T, stop: (value: T) => Promise<void> | void) {
  // Vitest reads what a fixture depends on from its first parameter's pattern: nothing here.
  // eslint-disable-next-line no-empty-pattern
  return async ({}, { onCleanup }: Cleanup): Promise<T> => {
    const value = await start();
    onCleanup(() => stop(value));
    return value;
  };
}

const close = (server: { close: () => Promise<void> }) => server.close();
const remove = (dir: string) => fs.rmSync(dir, { recursive: true, force: true });

/** The app of a file, with its settings, and factories bound to it (`f.user()`...). */
export const test = base
  /** Environment settings the app starts with (in-memory database, silent logs otherwise). */
  .extend('appEnv', { scope: 'file' }, {} as Record<string, string>)
  .extend('appOptions', { scope: 'file' }, {} as TestAppOptions)
  .extend('t', { scope: 'file' }, async ({ appEnv, appOptions }, { onCleanup }) => {
    const t: TestApp = await startTestApp(appEnv, appOptions);
    onCleanup(() => t.close());
    return t;
  })
  .extend('f', { scope: 'file' }, ({ t }): Factories => factories(t))
  /** A fresh DATA_DIR (the mail outbox is in it), removed after the file. */
  .extend('dataDir', { scope: 'file' }, startedOnce(tempDataDir, remove))
  /** A mail server that keeps what the app sends; point the app at it with `smtp.url`. */
  .extend('smtp', { scope: 'file' }, startedOnce(startSmtpCapture, close));

/**
 * A file fixture for a further app with settings of its own, next to the file's `t`:
 * `test.extend('secure', { scope: 'file' }, anotherApp({ PUBLIC_URL: 'https://...' }))`.
 */
export const anotherApp = (env: Record<string, string>, options: TestAppOptions = {}) =>
  startedOnce(() => startTestApp(env, options), close);

/**
 * A file fixture of an empty scratch folder named after `prefix`, removed after the file:
 * `const scratch = test.extend('dir', { scope: 'file' }, scratchDir('tracks-upload-'))`.
 */
export const scratchDir = (prefix: string) =>
  startedOnce(() => fs.mkdtempSync(path.join(os.tmpdir(), prefix)), remove);

/**
 * The app of a file talking to fake Google, GitHub and Spotify (`providers`), which send the
 * browser back to PUBLIC_URL.
 */
export const oauthTest = test
  .extend('providers', { scope: 'file' }, startedOnce(startFakeProviders, close))
  .extend('appEnv', { scope: 'file' }, ({ providers }) => ({ ...providers.env, PUBLIC_URL }));
