// Kept out of app-server.ts, which the benches load outside Vitest: a test made when the module
// loads needs Vitest's runner.
import { startAppServer } from './app-server';
import { startedPerFile, test } from './fixtures';

/**
 * The journeys' test with the server started in this process by `startAppServer`: `appServer`
 * keeps its app at hand (to seed tracks straight into its database...) and is the `server` the
 * other fixtures browse.
 */
export const appServerTest = test
  .extend('appServer', { scope: 'file' }, startedPerFile(startAppServer))
  .extend('server', { scope: 'file' }, ({ appServer }) => appServer);
