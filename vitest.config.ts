import { defineConfig } from 'vitest/config';

// Tests that need a PostgreSQL server (`*.postgres.test.ts`), or several app nodes sharing one
// PostgreSQL and one Redis (`*.multinode.test.ts`), run only where those are given (CI's second
// pass sets DATABASE_URL and REDIS_URL).
const postgres = Boolean(process.env.DATABASE_URL);
const multiNode = postgres && Boolean(process.env.REDIS_URL);
const serviceOnly = [
  ...(postgres ? [] : ['server/test/integration/**/*.postgres.test.ts']),
  ...(multiNode ? [] : ['server/test/integration/**/*.multinode.test.ts']),
];

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
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/tests/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
