import { randomUUID } from 'node:crypto';
import { describe, expect, test } from '../helpers/fixtures';
import { eventually } from '../helpers/eventually';
import type { TestApp } from '../helpers/app';
import { COMMANDS, help } from '../../src/cli/admin-commands';
import { jobs } from '../../src/db/schema-jobs';
import { findJob } from '../../src/services/jobs/store';

const jobsCommand = (t: TestApp, ...args: string[]) =>
  COMMANDS.jobs!.run({ config: t.config, database: t.app.database, args });

/** A job that failed its last attempt, as the queue leaves one. */
async function failedJob(
  t: TestApp,
  kind: string,
  payload: Record<string, unknown>,
  error: string,
) {
  const [row] = await t.app.database.db
    .insert(jobs)
    .values({
      kind,
      payload,
      status: 'failed',
      attempts: 3,
      lastError: error,
      finishedAt: new Date(),
    })
    .returning();
  return row!;
}

describe('npm run admin -- jobs', () => {
  test('lists the failed jobs with their errors, and counts every status', async ({ t }) => {
    const copy = await failedJob(t, 'playback-copy', { trackId: randomUUID() }, 'S3 said 503');
    const failed = await jobsCommand(t, 'list', '--failed');
    expect(failed).toMatch(
      /^Jobs: \d+ queued, \d+ running, \d+ done, [1-9]\d* failed\.\nFailed jobs:/,
    );
    expect(failed).toContain(`  ${copy.id}  playback-copy  failed  attempts 3  `);
    expect(failed).toContain('S3 said 503');
    expect(await jobsCommand(t, 'list')).toContain(copy.id);
  });

  test('retries a failed job: a running server runs it again, its attempts counted afresh', async ({
    t,
  }) => {
    // A copy of a track that no longer exists: the retried job finds nothing to do, and is done.
    const copy = await failedJob(t, 'playback-copy', { trackId: randomUUID() }, 'S3 said 503');
    expect(await jobsCommand(t, 'retry', copy.id)).toBe(
      `Job ${copy.id} (playback-copy) is queued again: a running server takes it up within a second.`,
    );
    await eventually(async () =>
      expect(await findJob(t.app.database.db, copy.id)).toMatchObject({
        status: 'done',
        attempts: 1,
      }),
    );
    expect(await jobsCommand(t, 'list', '--failed')).not.toContain(copy.id);
    await expect(jobsCommand(t, 'retry', copy.id)).rejects.toThrow(
      `Job ${copy.id} is done: only a failed job can be retried.`,
    );
  });

  test('refuses a job whose work cannot run again, saying why', async ({ t }) => {
    const upload = await failedJob(
      t,
      'process-audio',
      { uploadId: 'u', trackId: randomUUID(), roomId: randomUUID(), userId: randomUUID() },
      'ffmpeg crashed',
    );
    await expect(jobsCommand(t, 'retry', upload.id)).rejects.toThrow(
      `Job ${upload.id} (process-audio) cannot be retried: its uploaded file is deleted once processing gives up`,
    );
    const imported = await failedJob(t, `yandex-import:${randomUUID()}`, {}, 'token gone');
    await expect(jobsCommand(t, 'retry', imported.id)).rejects.toThrow('cannot be retried');
    expect((await findJob(t.app.database.db, upload.id))?.status).toBe('failed');
  });

  test('says clearly what is wrong with the arguments', async ({ t }) => {
    await expect(jobsCommand(t, 'retry', 'not-an-id')).rejects.toThrow(
      'No job with the id not-an-id.',
    );
    await expect(jobsCommand(t, 'retry', randomUUID())).rejects.toThrow('No job with the id');
    await expect(jobsCommand(t, 'retry')).rejects.toThrow(
      'Usage: npm run admin -- jobs retry <id>',
    );
    await expect(jobsCommand(t, 'list', '--all')).rejects.toThrow(
      'Usage: npm run admin -- jobs list [--failed]',
    );
    await expect(jobsCommand(t)).rejects.toThrow(
      'Usage: npm run admin -- jobs list [--failed] | jobs retry <id>',
    );
  });

  test('names both forms in the help', () => {
    expect(help()).toMatch(/jobs list \[--failed\][\s\S]*jobs retry <id>/);
  });
});
