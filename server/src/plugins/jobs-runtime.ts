import fp from 'fastify-plugin';
import { JobQueue } from '../services/jobs/queue';
import { startPruningDoneJobs } from '../services/jobs/retention';

/**
 * The node's one queue of durable jobs. The runtime plugins after this one register the kinds
 * they run (tracks, player timers, imports); the queue starts claiming once the server listens.
 * On close (SIGTERM, SIGINT) it stops claiming first, lets running jobs finish within
 * JOBS_SHUTDOWN_GRACE_SECONDS, then hands back what still runs, before anything else closes.
 */
export const jobsRuntimePlugin = fp(
  async (app) => {
    const { db } = app.database;
    const jobs = new JobQueue(db, app.log);
    app.decorate('jobs', jobs);
    let stopPruning = () => {};
    app.backgroundWork.add(() => {
      jobs.start();
      stopPruning = startPruningDoneJobs(db, app.config.jobs.retentionMs, app.log);
    });
    // preClose runs before every plugin's onClose: the jobs end while what they use is open.
    app.addHook('preClose', async () => {
      stopPruning();
      await jobs.stop(app.config.jobs.shutdownGraceMs);
    });
  },
  { name: 'jobs-runtime', dependencies: ['database', 'background-work'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobQueue;
  }
}
