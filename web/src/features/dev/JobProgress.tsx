import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { DevJobProgress } from '@music-rooms/domain/dev-tracks';

/** A page's background work is still under way (jobs queued or running). */
export const jobsRunning = (progress: DevJobProgress | null | undefined): boolean =>
  Boolean(progress && progress.queued + progress.running > 0);

/** How often a page reads its background work's progress while it runs. */
const POLL_MS = 1000;

/** Calls `read` every second while `active` (the progress of jobs the page started). */
export function usePolling(read: () => void, active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(read, POLL_MS);
    return () => clearInterval(timer);
  }, [read, active]);
}

/** The progress of a batch of background jobs: a bar and "3 of 10 done, 1 failed". */
export function JobProgress({ progress, label }: { progress: DevJobProgress; label: string }) {
  const { t } = useTranslation();
  const finished = progress.done + progress.failed;
  return (
    <div className="dev-progress">
      <progress max={Math.max(1, progress.total)} value={finished} aria-label={label} />
      <span className="dev-muted">
        {t('dev.jobs.progress', { done: finished, total: progress.total })}
        {progress.failed > 0 && ` · ${t('dev.jobs.failed', { count: progress.failed })}`}
        {jobsRunning(progress) ? ` · ${t('dev.jobs.running')}` : ` · ${t('dev.jobs.finished')}`}
      </span>
    </div>
  );
}
