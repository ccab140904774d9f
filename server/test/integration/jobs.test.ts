import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, test } from '../helpers/fixtures';
import { eventually } from '../helpers/eventually';
import type { LogRecord } from '../helpers/app';
import type { Database } from '../../src/db';
import { jobs } from '../../src/db/schema-jobs';
import {
  JobQueue,
  PermanentJobError,
  type JobHandler,
  type JobLane,
} from '../../src/services/jobs/queue';
import { findJob, pruneDoneJobs } from '../../src/services/jobs/store';

/** The kinds of these tests, and their payloads. */
type TestJobs = {
  count: { i?: number };
  hang: Record<string, never>;
  flaky: Record<string, never>;
  broken: Record<string, never>;
  backfill: { name: string };
  upload: Record<string, never>;
  timer: { name: string };
};

const LANE: JobLane = { name: 'test', slots: 2 };

/** A logger that keeps what it wrote, as the server's (pino) writes it. */
function capturingLog() {
  const lines: LogRecord[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { lines, log: log as unknown as FastifyBaseLogger };
}

const silent = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;

/** A node with the given kinds in one lane, polling often. */
function node(
  db: Database,
  handlers: Partial<{ [K in keyof TestJobs]: JobHandler<TestJobs[K]> }>,
  { lane = LANE, log = silent }: { lane?: JobLane; log?: FastifyBaseLogger } = {},
) {
  const queue = new JobQueue<TestJobs>(db, log, 10);
  for (const [kind, handler] of Object.entries(handlers)) {
    queue.register(kind as 'count', handler as JobHandler<TestJobs['count']>, { lane });
  }
  return queue;
}

/** A job kind whose runs and commits are counted, and whose run can be made to hang. */
function countingHandler(options: { hangFirst?: boolean; failWith?: Error } = {}) {
  const seen = { runs: 0, commits: 0, givenUp: 0 };
  const handler: JobHandler<object> = {
    async run(_payload, { signal }) {
      seen.runs += 1;
      if (options.failWith) throw options.failWith;
      if (options.hangFirst && seen.runs === 1) {
        await new Promise((_resolve, reject) =>
          signal.addEventListener('abort', () => reject(new Error('aborted'))),
        );
      }
      return async () => {
        seen.commits += 1;
      };
    },
    async giveUp() {
      seen.givenUp += 1;
    },
  };
  return { seen, handler };
}

/** The table as a fresh site has it: jobs an earlier test left are no other test's business. */
async function emptyTable(db: Database): Promise<Database> {
  await db.delete(jobs);
  return db;
}

const settled = (db: Database, id: string) =>
  eventually(async () => {
    const job = await findJob(db, id);
    expect(job?.status).toMatch(/^(done|failed)$/);
    return job!;
  });

describe('durable jobs', () => {
  test('a job is run and committed once, however many nodes poll for it', async ({ t }) => {
    const db = await emptyTable(t.app.database.db);
    const { seen, handler } = countingHandler();
    const nodes = [1, 2, 3].map(() => node(db, { count: handler }));
    const ids = await Promise.all(
      Array.from({ length: 12 }, (_, i) => nodes[0]!.enqueue(db, 'count', { i })),
    );
    nodes.forEach((n) => n.start());
    for (const id of ids)
      expect(await settled(db, id)).toMatchObject({ status: 'done', attempts: 1 });
    await Promise.all(nodes.map((n) => n.stop()));
    expect(seen).toEqual({ runs: 12, commits: 12, givenUp: 0 });
  });

  test('a job whose node died is taken over when its lease runs out, and says so', async ({
    t,
  }) => {
    const db = await emptyTable(t.app.database.db);
    const { seen, handler } = countingHandler();
    const heir = node(db, { hang: handler }, { log: capturingLog().log });
    const { lines, log } = capturingLog();
    const watched = node(db, { hang: handler }, { log });
    const id = await heir.enqueue(db, 'hang', {});
    // What a node that died mid-way leaves: the job running, under a lease that ran out.
    await db
      .update(jobs)
      .set({ status: 'running', attempts: 1, lockedBy: 'dead node', lockedUntil: new Date(0) })
      .where(eq(jobs.id, id));
    watched.start();
    expect(await settled(db, id)).toMatchObject({ status: 'done', attempts: 2 });
    await watched.stop();
    expect(seen.commits).toBe(1);
    const line = { job: id, kind: 'hang', node: watched.nodeId, attempt: 2 };
    expect(lines).toContainEqual(expect.objectContaining({ ...line, from: 'dead node' }));
    expect(lines).toContainEqual(expect.objectContaining({ ...line, msg: 'job done' }));
  });

  test('a node that lost its lease does not commit', async ({ t }) => {
    const db = await emptyTable(t.app.database.db);
    const { seen, handler } = countingHandler({ hangFirst: true });
    const lane = { ...LANE, name: 'short', leaseMs: 150 };
    const n = node(db, { hang: handler }, { lane });
    const id = await n.enqueue(db, 'hang', {});
    n.start();
    await eventually(() => expect(seen.runs).toBe(1));
    // Another node holds the job now, with a lease of its own: the renewal finds it gone.
    const later = new Date(Date.now() + 3_600_000);
    await db
      .update(jobs)
      .set({ lockedBy: 'another node', lockedUntil: later })
      .where(eq(jobs.id, id));
    await n.idle();
    await n.stop();
    expect(seen.commits).toBe(0);
    expect((await findJob(db, id))?.lockedBy).toBe('another node');
  });

  test('retries a failing job, then gives up; a permanent failure is given up at once', async ({
    t,
  }) => {
    const db = await emptyTable(t.app.database.db);
    const flaky = countingHandler({ failWith: new Error('network down') });
    const broken = countingHandler({
      failWith: new PermanentJobError('tracks.errors.unsupportedFormat', 'not audio'),
    });
    const { lines, log } = capturingLog();
    const lane = { ...LANE, name: 'two tries', maxAttempts: 2 };
    const n = node(db, { flaky: flaky.handler, broken: broken.handler }, { lane, log });
    const flakyId = await n.enqueue(db, 'flaky', {});
    const brokenId = await n.enqueue(db, 'broken', {});
    n.start();
    expect(await settled(db, brokenId)).toMatchObject({ status: 'failed', attempts: 1 });
    expect(await settled(db, flakyId)).toMatchObject({
      status: 'failed',
      attempts: 2,
      lastError: 'network down',
    });
    await n.stop();
    expect(flaky.seen).toEqual({ runs: 2, commits: 0, givenUp: 1 });
    expect(broken.seen).toEqual({ runs: 1, commits: 0, givenUp: 1 });
    const of = (id: string) => lines.filter((line) => line.job === id).map((line) => line.msg);
    expect(of(flakyId)).toEqual([
      'job claimed',
      'job failed: retrying',
      'job claimed',
      'job failed: given up',
    ]);
    expect(lines.find((line) => line.msg === 'job failed: retrying')).toMatchObject({
      kind: 'flaky',
      node: n.nodeId,
      attempt: 1,
    });
  });

  test('runs one background job at a time, leaving the other slots to foreground work', async ({
    t,
  }) => {
    const db = await emptyTable(t.app.database.db);
    const held: Array<() => void> = [];
    const started: string[] = [];
    const blocking: JobHandler<TestJobs['backfill']> = {
      async run(payload) {
        started.push(payload.name);
        await new Promise<void>((resolve) => held.push(resolve));
        return async () => {};
      },
      async giveUp() {},
    };
    const { handler: quick } = countingHandler();
    const lane = { ...LANE, name: 'three', slots: 3 };
    const n = node(db, { backfill: blocking, upload: quick }, { lane });
    const first = await n.enqueue(db, 'backfill', { name: 'first' }, { background: true });
    const second = await n.enqueue(db, 'backfill', { name: 'second' }, { background: true });
    const upload = await n.enqueue(db, 'upload', {});
    n.start();
    // The upload, queued last, is done while the first background job still holds its slot,
    // and the second background job waits although a slot is free.
    expect(await settled(db, upload)).toMatchObject({ status: 'done' });
    await eventually(() => expect(started).toEqual(['first']));
    expect((await findJob(db, second))?.status).toBe('queued');
    held.shift()!();
    expect(await settled(db, first)).toMatchObject({ status: 'done' });
    await eventually(() => expect(held).toHaveLength(1));
    held.shift()!();
    expect(await settled(db, second)).toMatchObject({ status: 'done' });
    await n.stop();
    expect(started).toEqual(['first', 'second']);
  });

  test('a job due later waits for its time; a cancelled one never runs; a timer leaves no row', async ({
    t,
  }) => {
    const db = await emptyTable(t.app.database.db);
    const order: string[] = [];
    const timer: JobHandler<TestJobs['timer']> = {
      forgetWhenDone: true,
      async run(payload) {
        return async () => {
          order.push(`commit ${payload.name}`);
          return () => order.push(`told ${payload.name}`);
        };
      },
      async giveUp() {},
    };
    const n = new JobQueue<TestJobs>(db, silent, 60_000);
    n.register('timer', timer, { lane: LANE });
    n.start();
    // Far enough ahead that the job is still queued after two inserts and a cancel on a loaded
    // machine (300 ms was not).
    const dueAt = new Date(Date.now() + 2_000);
    const later = await n.enqueue(db, 'timer', { name: 'later' }, { runAt: dueAt });
    const dropped = await n.enqueue(db, 'timer', { name: 'dropped' }, { runAt: dueAt });
    await n.cancel(db, dropped);
    expect(await findJob(db, later)).toMatchObject({ status: 'queued' });
    // No poll comes for a minute: the node wakes itself at the job's time.
    await eventually(async () => expect(await findJob(db, later)).toBeNull());
    await n.idle();
    expect(Date.now()).toBeGreaterThanOrEqual(dueAt.getTime());
    expect(order).toEqual(['commit later', 'told later']);
    expect(await findJob(db, dropped)).toBeNull();
    await n.stop();
  });

  test('a lane of its own is never held up by another lane whose slots are full', async ({ t }) => {
    const db = await emptyTable(t.app.database.db);
    const blocked = countingHandler({ hangFirst: true });
    const quick = countingHandler();
    const n = new JobQueue<TestJobs>(db, silent, 10);
    n.register('hang', blocked.handler, { lane: { name: 'slow', slots: 1 } });
    n.register('count', quick.handler, { lane: { name: 'fast', slots: 1 } });
    const slow = await n.enqueue(db, 'hang', {});
    n.start();
    await eventually(() => expect(blocked.seen.runs).toBe(1));
    const fast = await n.enqueue(db, 'count', {});
    expect(await settled(db, fast)).toMatchObject({ status: 'done' });
    expect((await findJob(db, slow))?.status).toBe('running');
    await n.stop();
  });
});

describe('a node that stops', () => {
  test('hands a job still running after the grace back at once, its attempt not counted', async ({
    t,
  }) => {
    const db = await emptyTable(t.app.database.db);
    const { seen, handler } = countingHandler({ hangFirst: true });
    const { lines, log } = capturingLog();
    const stopping = node(db, { hang: handler }, { log });
    const id = await stopping.enqueue(db, 'hang', {});
    stopping.start();
    await eventually(() => expect(seen.runs).toBe(1));
    await stopping.stop(50);
    expect(await findJob(db, id)).toMatchObject({ status: 'queued', attempts: 0, lockedBy: null });
    expect(lines).toContainEqual(
      expect.objectContaining({
        job: id,
        kind: 'hang',
        node: stopping.nodeId,
        attempt: 1,
        msg: 'job handed back: this node is stopping',
      }),
    );
    // The default lease is a minute: the other node takes it over at once, not after it.
    const other = node(db, { hang: handler });
    other.start();
    expect(await settled(db, id)).toMatchObject({ status: 'done', attempts: 1 });
    await other.stop();
    expect(seen).toEqual({ runs: 2, commits: 1, givenUp: 0 });
  });

  test('lets a running job finish within the grace, and claims nothing more', async ({ t }) => {
    const db = await emptyTable(t.app.database.db);
    let release = () => {};
    const runs: string[] = [];
    const handler: JobHandler<TestJobs['backfill']> = {
      async run({ name }) {
        runs.push(name);
        await new Promise<void>((resolve) => (release = resolve));
        return async () => {};
      },
      async giveUp() {},
    };
    const n = node(db, { backfill: handler });
    const running = await n.enqueue(db, 'backfill', { name: 'running' });
    n.start();
    await eventually(() => expect(runs).toEqual(['running']));
    const stopped = n.stop(60_000);
    const waiting = await n.enqueue(db, 'backfill', { name: 'waiting' });
    n.wake();
    release();
    await stopped;
    expect(await findJob(db, running)).toMatchObject({ status: 'done', attempts: 1 });
    expect(await findJob(db, waiting)).toMatchObject({ status: 'queued', attempts: 0 });
    expect(runs).toEqual(['running']);
  });
});

describe('done jobs past their retention', () => {
  test('are deleted; failed ones and recent ones are kept', async ({ t }) => {
    const db = await emptyTable(t.app.database.db);
    const day = 86_400_000;
    const rows = await db
      .insert(jobs)
      .values([
        { kind: 'count', payload: {}, status: 'done', finishedAt: new Date(Date.now() - 8 * day) },
        { kind: 'count', payload: {}, status: 'done', finishedAt: new Date(Date.now() - day) },
        {
          kind: 'count',
          payload: {},
          status: 'failed',
          finishedAt: new Date(Date.now() - 30 * day),
        },
      ])
      .returning({ id: jobs.id });
    const [old, recent, failed] = rows.map((row) => row.id);
    expect(await pruneDoneJobs(db, 7 * day)).toBeGreaterThanOrEqual(1);
    expect(await findJob(db, old!)).toBeNull();
    expect(await findJob(db, recent!)).toMatchObject({ status: 'done' });
    expect(await findJob(db, failed!)).toMatchObject({ status: 'failed' });
  });
});
