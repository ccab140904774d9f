import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../../server/src/db/index';
import { hashPassword } from '../../../server/src/services/accounts/passwords';
import { loadTest } from '../lib/load';
import { appRoot } from '../lib/paths';
import type { Bench } from '../lib/types';

const ROOMS = 10_000;
const OWNERS = 200;
const PORT = 39_200;
const CONCURRENCY = 50;
/** bench_1 signs in with this password: an owner of 50 rooms and a member of many more. */
const PASSWORD = 'bench-password';

/**
 * Fills a new embedded database with owners, rooms (a tenth hidden, some invite-only) and three
 * members each, in a few set-based statements rather than one insert per row.
 */
async function seed(dataDir: string) {
  const handle = await openDatabase({
    url: null,
    dataDir: path.join(dataDir, 'db'),
    migrationsFolder: path.join(appRoot, 'server/drizzle'),
  });
  const { db } = handle;
  await db.execute(sql`
    insert into users (name, username, email, avatar)
    select 'Bench user ' || i, 'bench_' || i, 'bench' || i || '@example.com', '#336699'
    from generate_series(1, ${OWNERS}) i`);
  await db.execute(sql`
    insert into rooms (name, description, room_url, visibility, owner_id, created_at)
    select
      (array['Jazz', 'Rock', 'Chill', 'Lo-fi', 'Classical', 'Techno', 'Indie', 'Metal'])[1 + i % 8]
        || ' room ' || i,
      'Music for every mood, number ' || i,
      'bench-room-' || i,
      case when i % 10 = 0 then 'hidden' when i % 25 = 0 then 'inviteOnly' else 'public' end,
      u.id,
      now() - i * interval '1 minute'
    from generate_series(1, ${ROOMS}) i
    join (select id, row_number() over (order by id) as n from users) u on u.n = 1 + i % ${OWNERS}`);
  for (const step of [7, 31, 101]) {
    await db.execute(sql`
      insert into room_users (room_id, user_id, role, invited_by)
      select r.id, u.id, 'viewer', r.owner_id
      from (select id, owner_id, row_number() over (order by id) as n from rooms) r
      join (select id, row_number() over (order by id) as n from users) u
        on u.n = 1 + (r.n * ${step}) % ${OWNERS}
      where u.id <> r.owner_id
      on conflict do nothing`);
  }
  await db.execute(
    sql`update users set password_hash = ${await hashPassword(PASSWORD)} where username = 'bench_1'`,
  );
  await db.execute(sql`analyze`);
  await handle.close();
}

async function startServer(dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['server/dist/main.js'], {
    cwd: appRoot,
    env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${PORT}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return child;
    if (Date.now() - started > 60_000) throw new Error('server did not become healthy in 60 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The session cookie of bench_1. */
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

export const roomsListBench: Bench = {
  name: 'rooms-list',
  description: `rooms.getPublicRoomsWithAuthors over HTTP, ${ROOMS} rooms, ${CONCURRENCY} at once`,
  run: async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'music-rooms-bench-rooms-'));
    const seedStarted = performance.now();
    await seed(dataDir);
    const figures: Record<string, number> = {
      seedMs: Math.round(performance.now() - seedStarted),
    };
    const server = await startServer(dataDir);
    try {
      const url = `http://127.0.0.1:${PORT}/api/query`;
      const cookie = await signIn();
      benchUserId = await currentUserId(cookie);
      for (const [name, scenario] of Object.entries(SCENARIOS)) {
        const headers: Record<string, string> = scenario.signedIn ? { cookie } : {};
        const load = { url, body: scenario.body, headers };
        // A short warm-up, then the measured run.
        await loadTest({ ...load, concurrency: 10, maxRequests: 100, maxMs: 5000 });
        const result = await loadTest({
          ...load,
          concurrency: CONCURRENCY,
          maxRequests: 3000,
          maxMs: 10_000,
        });
        for (const [key, value] of Object.entries(result)) figures[`${name}.${key}`] = value;
      }
    } finally {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    return figures;
  },
};
