import { eq } from 'drizzle-orm';
import { describe, expect, test } from '../helpers/fixtures';
import { jobs } from '../../src/db/schema-tracks';
import { JobQueue, PermanentJobError, type JobHandler } from '../../src/services/jobs/queue';
import { findJob } from '../../src/services/jobs/store';

const silent = { warn: () => {}, error: () => {} } as never;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A job kind whose runs and commits are counted, and whose run can be made to hang. */
function countingHandler(options: { hangFirst?: boolean; failWith?: Error } = {}) {
  const seen = { runs: 0, commits: 0, givenUp: 0 };
  const handler: JobHandler = {
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

async function settled(db: Parameters<typeof findJob>[0], id: string) {
  for (let i = 0; i < 200; i += 1) {
    const job = await findJob(db, id);
    if (job && (job.status === 'done' || job.status === 'failed')) return job;
    await sleep(25);
  }
  throw new Error(`job ${id} did not settle`);
}

describe('durable jobs', () => {
  test('a job is run and committed once, however many nodes poll for it', async ({ t }) => {
    const db = t.app.database.db;
    const { seen, handler } = countingHandler();
    const nodes = [1, 2, 3].map(() => new JobQueue(db, { count: handler }, silent, { pollMs: 10 }));
    const ids = await Promise.all(
      Array.from({ length: 12 }, (_, i) => nodes[0]!.enqueue(db, 'count', { i })),
    );
    nodes.forEach((node) => node.start());
    for (const id of ids)
      expect(await settled(db, id)).toMatchObject({ status: 'done', attempts: 1 });
    await Promise.all(nodes.map((node) => node.stop()));
    expect(seen).toEqual({ runs: 12, commits: 12, givenUp: 0 });
  });

  test('a job whose node died is taken over when its lease runs out', async ({ t }) => {
    const db = t.app.database.db;
    const { seen, handler } = countingHandler({ hangFirst: true });
    const dying = new JobQueue(db, { hang: handler }, silent, { pollMs: 10, leaseMs: 300 });
    const id = await dying.enqueue(db, 'hang', {});
    dying.start();
    while (seen.runs === 0) await sleep(10);
    await dying.stop(); // the node is gone: its lease is left to run out
    const heir = new JobQueue(db, { hang: handler }, silent, { pollMs: 10, leaseMs: 300 });
    heir.start();
    expect(await settled(db, id)).toMatchObject({ status: 'done', attempts: 2 });
    await heir.stop();
    expect(seen.commits).toBe(1);
  });

  test('a node that lost its lease does not commit', async ({ t }) => {
    const db = t.app.database.db;
    const { seen, handler } = countingHandler({ hangFirst: true });
    const node = new JobQueue(db, { lose: handler }, silent, { pollMs: 10, leaseMs: 150 });
    const id = await node.enqueue(db, 'lose', {});
    node.start();
    while (seen.runs === 0) await sleep(10);
    // Another node holds the job now, with a lease of its own.
    const later = new Date(Date.now() + 3_600_000);
    await db
      .update(jobs)
      .set({ lockedBy: 'another node', lockedUntil: later })
      .where(eq(jobs.id, id));
    await sleep(200);
    await node.stop();
    expect(seen.commits).toBe(0);
    expect((await findJob(db, id))?.lockedBy).toBe('another node');
  });

  test('retries a failing job, then gives up; a permanent failure is given up at once', async ({
    t,
  }) => {
    const db = t.app.database.db;
    const flaky = countingHandler({ failWith: new Error('network down') });
    const broken = countingHandler({
      failWith: new PermanentJobError('tracks.errors.unsupportedFormat', 'not audio'),
    });
    const node = new JobQueue(db, { flaky: flaky.handler, broken: broken.handler }, silent, {
      pollMs: 10,
      maxAttempts: 2,
    });
    const flakyId = await node.enqueue(db, 'flaky', {});
    const brokenId = await node.enqueue(db, 'broken', {});
    node.start();
    expect(await settled(db, brokenId)).toMatchObject({ status: 'failed', attempts: 1 });
    expect(await settled(db, flakyId)).toMatchObject({
      status: 'failed',
      attempts: 2,
      lastError: 'network down',
    });
    await node.stop();
    expect(flaky.seen).toEqual({ runs: 2, commits: 0, givenUp: 1 });
    expect(broken.seen).toEqual({ runs: 1, commits: 0, givenUp: 1 });
  });

  test('runs one background job at a time, leaving the other slots to foreground work', async ({
    t,
  }) => {
    const db = t.app.database.db;
    const held: Array<() => void> = [];
    const started: string[] = [];
    const blocking: JobHandler = {
      async run(payload) {
        started.push(String(payload.name));
        await new Promise<void>((resolve) => held.push(resolve));
        return async () => {};
      },
      async giveUp() {},
    };
    const { handler: quick } = countingHandler();
    const node = new JobQueue(db, { backfill: blocking, upload: quick }, silent, {
      pollMs: 10,
      concurrency: 3,
    });
    const first = await node.enqueue(db, 'backfill', { name: 'first' }, { background: true });
    const second = await node.enqueue(db, 'backfill', { name: 'second' }, { background: true });
    const upload = await node.enqueue(db, 'upload', {});
    node.start();
    // The upload, queued last, is done while the first background job still holds its slot,
    // and the second background job waits although a slot is free.
    expect(await settled(db, upload)).toMatchObject({ status: 'done' });
    while (started.length === 0) await sleep(10);
    expect(started).toEqual(['first']);
    expect((await findJob(db, second))?.status).toBe('queued');
    held.shift()!();
    expect(await settled(db, first)).toMatchObject({ status: 'done' });
    while (held.length === 0) await sleep(10);
    held.shift()!();
    expect(await settled(db, second)).toMatchObject({ status: 'done' });
    await node.stop();
    expect(started).toEqual(['first', 'second']);
  });

  test('a job due later waits for its time; a cancelled one never runs; a timer leaves no row', async ({
    t,
  }) => {
    const db = t.app.database.db;
    const order: string[] = [];
    const timer: JobHandler = {
      forgetWhenDone: true,
      async run(payload) {
        return async () => {
          order.push(`commit ${String(payload.name)}`);
          return () => order.push(`told ${String(payload.name)}`);
        };
      },
      async giveUp() {},
    };
    const node = new JobQueue(db, { timer }, silent, { pollMs: 60_000 });
    node.start();
    const dueAt = new Date(Date.now() + 300);
    const later = await node.enqueue(db, 'timer', { name: 'later' }, { runAt: dueAt });
    const dropped = await node.enqueue(db, 'timer', { name: 'dropped' }, { runAt: dueAt });
    await node.cancel(db, dropped);
    expect(await findJob(db, later)).toMatchObject({ status: 'queued' });
    // No poll comes for a minute: the node wakes itself at the job's time.
    while ((await findJob(db, later)) !== null) await sleep(25);
    await node.idle();
    expect(Date.now()).toBeGreaterThanOrEqual(dueAt.getTime());
    expect(order).toEqual(['commit later', 'told later']);
    expect(await findJob(db, dropped)).toBeNull();
    await node.stop();
  });
});
