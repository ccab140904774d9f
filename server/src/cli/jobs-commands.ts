import {
  countJobsByStatus,
  LISTED_JOBS,
  listJobs,
  requeueFailedJob,
} from '../services/jobs/inspection-store';
import { kindOf, retryRefusal } from '../services/jobs/retry-policy';
import { findJob, type JobRow } from '../services/jobs/store';
import { AdminCommandError, usageError, type AdminCommand } from './command';

const LIST = 'jobs list [--failed]';
const RETRY = 'jobs retry <id>';
const USAGE = `${LIST} | ${RETRY}`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const when = (date: Date | null) => (date ? date.toISOString().slice(0, 19) + 'Z' : '-');

/** One job as `jobs list` shows it: what it is, where it stands, why it failed. */
function jobLine(job: JobRow): string {
  const at = job.status === 'failed' ? job.finishedAt : job.createdAt;
  const parts = [job.id, kindOf(job.kind), job.status, `attempts ${job.attempts}`, when(at)];
  if (job.lastError) parts.push(job.lastError.replace(/\s+/g, ' '));
  return `  ${parts.join('  ')}`;
}

async function list({ database, args }: Parameters<AdminCommand['run']>[0]): Promise<string> {
  const failedOnly = args.includes('--failed');
  if (args.some((arg) => arg !== '--failed')) throw usageError(LIST);
  const counts = await countJobsByStatus(database.db);
  const summary = `Jobs: ${counts.queued} queued, ${counts.running} running, ${counts.done} done, ${counts.failed} failed.`;
  const rows = await listJobs(database.db, { failedOnly });
  if (rows.length === 0)
    return `${summary}\n${failedOnly ? 'No failed jobs.' : 'None waiting, running or failed.'}`;
  const title = failedOnly ? 'Failed jobs' : 'Jobs waiting, running or failed';
  const more = rows.length === LISTED_JOBS ? ` (the newest ${LISTED_JOBS})` : '';
  return [summary, `${title}${more}:`, ...rows.map(jobLine)].join('\n');
}

async function retry({ database, args }: Parameters<AdminCommand['run']>[0]): Promise<string> {
  const id = args[0]?.trim();
  if (!id || args.length !== 1) throw usageError(RETRY);
  const job = UUID.test(id) ? await findJob(database.db, id) : null;
  if (!job) throw new AdminCommandError(`No job with the id ${id}.`);
  if (job.status !== 'failed') {
    throw new AdminCommandError(`Job ${id} is ${job.status}: only a failed job can be retried.`);
  }
  const refusal = retryRefusal(job.kind);
  if (refusal) {
    throw new AdminCommandError(`Job ${id} (${kindOf(job.kind)}) cannot be retried: ${refusal}.`);
  }
  // Null only when another command retried it meanwhile: it is queued either way.
  await requeueFailedJob(database.db, id);
  return `Job ${id} (${kindOf(job.kind)}) is queued again: a running server takes it up within a second.`;
}

/** `jobs list [--failed]` and `jobs retry <id>`: what the job table holds, and a second chance. */
export const jobsCommand: AdminCommand = {
  usage: USAGE,
  summary: 'background jobs',
  forms: [
    { usage: LIST, summary: 'count the jobs, and list those not done (or only the failed ones)' },
    { usage: RETRY, summary: 'queue a failed job again, its attempts counted afresh' },
  ],
  run: async (context) => {
    const [sub, ...args] = context.args;
    if (sub === 'list') return list({ ...context, args });
    if (sub === 'retry') return retry({ ...context, args });
    throw usageError(USAGE);
  },
};
