import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { probeHealth } from '../lib/health-probe';
import { loadTest, type LoadOptions } from '../lib/load';
import { PASSWORD, ROOMS, seedRooms } from '../lib/seed-rooms';
import { startAppServer, startBareServer, stopServer } from '../lib/servers';
import { round } from '../lib/stats';
import type { Bench } from '../lib/types';

const PORT = 39_200;
const BARE_PORT = 39_201;
const CONCURRENCY = 50;
/**
 * Each list is loaded for this long (or this many requests): long enough that the health p99
 * rests on several hundred answers, not on the worst one or two of a one-second run.
 */
const RUN_MS = 8000;
const RUN_MAX_REQUESTS = 40_000;
/** Each list's measured run follows a warm-up of this long under the same load. */
const WARM_UP_MS = 3000;

async function signIn(): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${PORT}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ emailOrUsername: 'bench_1', password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

const WORDS = ['jazz', 'rock', 'chill', 'mood', 'number 7', 'room 12', 'indie', 'metal', 'lo-fi'];
const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)]!;

type Scenario = { body: () => unknown; signedIn?: boolean };
const publicList = (args: () => object): Scenario => ({
  body: () => ({ path: 'rooms.getPublicRoomsWithAuthors', args: args() }),
});

/**
 * The home page as guests and a signed-in member see it, a popular search, a far page; then
 * questions that are rarely the same twice (any page, any search), and "my rooms", which are
 * read from the database every time.
 */
const SCENARIOS: Record<string, Scenario> = {
  firstPage: publicList(() => ({})),
  firstPageSignedIn: { ...publicList(() => ({})), signedIn: true },
  search: publicList(() => ({ search: 'jazz' })),
  laterPage: publicList(() => ({ offset: 4800 })),
  anyPage: publicList(() => ({ offset: 24 * Math.floor(Math.random() * 375) })),
  anySearch: publicList(() => ({ search: pick(WORDS), sort: pick(['name', 'oldest']) })),
  myRooms: {
    body: () => ({ path: 'rooms.getUserRoomsWithAuthors', args: { userId: benchUserId } }),
    signedIn: true,
  },
};
let benchUserId = '';

async function currentUserId(cookie: string): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${PORT}/api/_auth/session`, { headers: { cookie } });
  const session = (await res.json()) as { user?: { id?: string } } | null;
  if (!session?.user?.id) throw new Error('no session after sign-in');
  return session.user.id;
}

type Figures = Record<string, number>;

/**
 * A warm-up under the same load, then the measured run, with the health of the server asked
 * beside both. The warm-up's health is reported too (`warmUpHealthP99Ms`): a server's first
 * seconds under load are slower (its code and the database's are compiled as they get hot), and
 * the first list measured after a start would carry that rather than what the list costs.
 */
async function measure(load: Omit<LoadOptions, 'concurrency' | 'maxRequests' | 'maxMs'>) {
  const healthUrl = new URL('/api/health', load.url).toString();
  const full = { ...load, concurrency: CONCURRENCY, maxRequests: RUN_MAX_REQUESTS };
  const warmUpHealth = probeHealth(healthUrl);
  await loadTest({ ...full, maxMs: WARM_UP_MS });
  const { healthP99Ms: warmUpHealthP99Ms } = await warmUpHealth.stop();
  const health = probeHealth(healthUrl);
  const result = await loadTest({ ...full, maxMs: RUN_MS });
  return { ...result, ...(await health.stop()), warmUpHealthP99Ms };
}

/** The public first page's bytes as a guest gets them, for the bare server to answer. */
async function firstPageBytes(url: string): Promise<Uint8Array> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(SCENARIOS.firstPage!.body()),
  });
  return new Uint8Array(await res.arrayBuffer());
}

/** The bare server answering the first page's bytes, under the same load as the lists. */
async function baseline(body: Uint8Array): Promise<Figures> {
  const bare = await startBareServer(body, BARE_PORT);
  try {
    const url = `http://127.0.0.1:${BARE_PORT}/api/query`;
    return await measure({ url, body: SCENARIOS.firstPage!.body });
  } finally {
    await stopServer(bare);
  }
}

/** Each list's throughput as a share of the bare server's (the mean of its runs). */
function ratios(figures: Figures): Figures {
  const bare =
    (figures['baselineBefore.requestsPerSecond']! + figures['baselineAfter.requestsPerSecond']!) /
    2;
  const out: Figures = { 'baseline.requestsPerSecond': round(bare) };
  for (const name of Object.keys(SCENARIOS)) {
    out[`${name}.vsBaseline`] = round(figures[`${name}.requestsPerSecond`]! / bare, 2);
  }
  return out;
}

const prefixed = (prefix: string, values: Figures): Figures =>
  Object.fromEntries(Object.entries(values).map(([key, value]) => [`${prefix}.${key}`, value]));

export const roomsListBench: Bench = {
  name: 'rooms-list',
  description: `room lists over HTTP, ${ROOMS} rooms, ${CONCURRENCY} at once, against a bare Fastify server`,
  run: async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'music-rooms-bench-rooms-'));
    const seedStarted = performance.now();
    await seedRooms(dataDir);
    const figures: Figures = { seedMs: Math.round(performance.now() - seedStarted) };
    const server = await startAppServer(dataDir, PORT);
    try {
      const url = `http://127.0.0.1:${PORT}/api/query`;
      const body = await firstPageBytes(url);
      figures.firstPageBytes = body.length;
      Object.assign(figures, prefixed('baselineBefore', await baseline(body)));
      const cookie = await signIn();
      benchUserId = await currentUserId(cookie);
      let worstHealth = 0;
      for (const [name, scenario] of Object.entries(SCENARIOS)) {
        const headers: Record<string, string> = scenario.signedIn ? { cookie } : {};
        const result = await measure({ url, body: scenario.body, headers });
        worstHealth = Math.max(worstHealth, result.healthP99Ms);
        Object.assign(figures, prefixed(name, result));
      }
      figures.healthP99MsWorst = worstHealth;
      Object.assign(figures, prefixed('baselineAfter', await baseline(body)));
      Object.assign(figures, ratios(figures));
    } finally {
      await stopServer(server);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    return figures;
  },
};
