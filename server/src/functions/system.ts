import { defineQuery } from './define';

/** Functions about the server itself. */
export const systemFunctions = [
  // The server's clock, for clients that line their own clock up with it.
  defineQuery('system.serverTime', () => ({ now: Date.now() })),
];
