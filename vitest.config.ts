import fs from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { POLL_TIMEOUT_MS } from './server/test/helpers/poll-limit.ts';
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

/**
 * Integration files of one node whose code takes another path on PostgreSQL or Redis (locks,
 * transactions, durable jobs, change notifications, error codes, ordering, the Redis-backed
 * limiters and session revocations). With ENGINE_TESTS_ONLY=true (CI's second pass, against
 * PostgreSQL and Redis), the integration suite is these, the `*.postgres` and the `*.multinode`
 * files; everything else ran on the embedded database in the first pass.
 */
const ENGINE_SENSITIVE = [
  'auth-lockout',
  'auth-rate-limits',
  'dev-migrations',
  'health',
  'jobs',
  'live-queries',
  'log-database-errors',
  'playback-copy-backfill',
  'player-command-limits',
  'player-commands',
  'realtime-session-end',
  'rooms-crud',
  'rooms-list',
  'tracks-duplicates',
  'transactions',
  'yandex-music-lifecycle',
];
const engineTestsOnly = process.env.ENGINE_TESTS_ONLY === 'true';
const ENGINE_SENSITIVE_FILES = ENGINE_SENSITIVE.map(
  (name) => `server/test/integration/${name}.test.ts`,
);
const integrationFiles = engineTestsOnly
  ? [
      ...ENGINE_SENSITIVE_FILES,
      'server/test/integration/**/*.postgres.test.ts',
      'server/test/integration/**/*.multinode.test.ts',
    ]
  : ['server/test/integration/**/*.test.ts'];
const browserFiles = engineTestsOnly
  ? ['e2e/tests/**/*.multinode.test.ts']
  : ['e2e/tests/**/*.test.ts'];

/**
 * Journeys that play audio and measure what the page hears (positions, sync between pages):
 * they run one at a time, after everything else, so no other file competes for the CPU while
 * they measure. Every other journey has its own server, port, data folder and browser, and runs
 * in parallel with the other suites.
 */
const AUDIO_JOURNEYS = [
  'import-yandex',
  'playback-segments',
  'player-bar-layout',
  'player-blocked',
  'player-calibration',
  'player-keys',
  'player-modes',
  'player-output-delay',
  'player-nodes.multinode',
  'player-restart',
  'player-sync',
  'room-live',
  's3-nodes.multinode',
  'tracks-s3',
].map((name) => `e2e/tests/${name}.test.ts`);

// A file renamed or removed would drop out of its list without a word.
for (const file of [...ENGINE_SENSITIVE_FILES, ...AUDIO_JOURNEYS]) {
  if (!fs.existsSync(file)) throw new Error(`vitest.config.ts names ${file}, which does not exist`);
}

const browserSuite = {
  environment: 'node',
  // A journey that takes 20 s on a quiet machine took over 60 s on one three times slower with
  // every core busy (an upload journey); a hang still ends it.
  testTimeout: 120_000,
  hookTimeout: 120_000,
  expect: { poll: { timeout: 30_000 } },
} as const;

// Four suites: fast unit tests, integration tests against the real server, and browser journeys
// (the audio ones apart). A file waits on sockets, timers and its browser about half the time
// (one file per core kept two cores half idle), so one file more than the machine has cores runs
// at once (VITEST_MAX_WORKERS overrides it).
export default defineConfig({
  test: {
    maxWorkers: Math.max(3, availableParallelism() + 1),
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'domain/test/**/*.test.ts',
            'web/src/**/*.test.{ts,tsx}',
            'web/vite/**/*.test.ts',
            'server/test/unit/**/*.test.ts',
          ],
          environment: 'node',
          // Vitest's own 5 s is short for a rendering test at the lowest priority beside the audio
          // journeys on a slow, busy machine; a hang still ends it.
          testTimeout: 30_000,
          // A worker keeps the modules it loaded (React, the testing library, the domain) from
          // file to file: importing them again for each file was half the suite's CPU. Each file
          // still gets a fresh environment, and the files pass in any order (shuffled, on one
          // worker or several).
          isolate: false,
        },
        resolve: { alias: webAliases },
      },
      {
        test: {
          name: 'integration',
          include: integrationFiles,
          exclude: serviceOnly,
          environment: 'node',
          // Each file starts apps of its own and shares nothing with the next but the modules, so
          // a worker keeps the server's modules loaded from one file to the next instead of
          // importing them again for each (seconds of CPU per file on this machine).
          isolate: false,
          // A file's app starts inside its first test (a file-scoped fixture), so that test needs
          // room: 2 s alone on a quiet machine, over 60 s at the lowest priority beside the audio
          // journeys on one three times slower with every core busy. A hang still ends it.
          testTimeout: 120_000,
          hookTimeout: 120_000,
          expect: { poll: { timeout: POLL_TIMEOUT_MS } },
        },
      },
      {
        test: {
          ...browserSuite,
          name: 'e2e',
          // As for the integration files: a journey's server, data folder and browser are its
          // own (file fixtures), so a worker keeps only the harness's modules from file to file.
          isolate: false,
          include: browserFiles,
          exclude: [...browserServiceOnly, ...AUDIO_JOURNEYS],
        },
      },
      {
        test: {
          ...browserSuite,
          name: 'e2e-audio',
          include: engineTestsOnly
            ? AUDIO_JOURNEYS.filter((file) => file.endsWith('.multinode.test.ts'))
            : AUDIO_JOURNEYS,
          exclude: browserServiceOnly,
          fileParallelism: false,
          // One worker takes them all in turn, its modules loaded once, after the other suites
          // (the later group) have finished.
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
