import { defineConfig } from 'vitest/config';
import { webAliases } from './web/vite/aliases.ts';

// Tests that need a PostgreSQL server (`*.postgres.test.ts`), or several app nodes sharing one
// PostgreSQL and one Redis (`*.multinode.test.ts`, integration and browser), run only where those
// are given (CI's second pass sets DATABASE_URL and REDIS_URL).
const postgres = Boolean(process.env.DATABASE_URL);
const multiNode = postgres && Boolean(process.env.REDIS_URL);
const serviceOnly = [
  ...(postgres ? [] : ['server/test/integration/**/*.postgres.test.ts']),
  ...(multiNode ? [] : ['server/test/integration/**/*.multinode.test.ts']),
];
const browserServiceOnly = multiNode ? [] : ['e2e/tests/**/*.multinode.test.ts'];

// Three suites: fast unit tests, integration tests against the real server, and browser journeys.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'domain/test/**/*.test.ts',
            'web/test/**/*.test.{ts,tsx}',
            'server/test/unit/**/*.test.ts',
          ],
          environment: 'node',
        },
        resolve: { alias: webAliases },
      },
      {
        test: {
          name: 'integration',
          include: ['server/test/integration/**/*.test.ts'],
          exclude: serviceOnly,
          environment: 'node',
          // A file's app starts inside its first test (a file-scoped fixture), so that test needs room.
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // A live value may take seconds to arrive on a loaded machine; a poll gives it that long.
          expect: { poll: { timeout: 15_000 } },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/tests/**/*.test.ts'],
          exclude: browserServiceOnly,
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          expect: { poll: { timeout: 15_000 } },
          fileParallelism: false,
        },
      },
    ],
  },
});
