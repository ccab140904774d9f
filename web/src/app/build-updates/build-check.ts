import type { BuildInfo } from '@music-rooms/domain/config';

/** How often an open tab asks whether a newer build is out. */
export const UPDATE_CHECK_INTERVAL_MS = 5 * 60 * 1000;

/** The id a build gets outside a release build; such a client never asks to update. */
export const DEV_BUILD_ID = 'dev';

/**
 * Whether the server's latest build is newer than the one this tab runs. During a rolling
 * deploy a tab on the new build may ask a node still on the old one: a different but older
 * build is no update.
 */
export function isUpdateAvailable(
  current: BuildInfo,
  latest: BuildInfo | null,
): latest is BuildInfo {
  return (
    current.id !== DEV_BUILD_ID &&
    latest !== null &&
    latest.id !== current.id &&
    latest.timestamp > current.timestamp
  );
}

type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

/** GET /builds/latest.json with a timestamp so no cache answers; null when it cannot be read. */
export async function fetchLatestBuild(fetcher: Fetch, now: number): Promise<BuildInfo | null> {
  try {
    const response = await fetcher(`/builds/latest.json?t=${now}`, { cache: 'no-store' });
    if (!response.ok) return null;
    const body = (await response.json()) as Partial<BuildInfo> | null;
    if (typeof body?.id !== 'string' || body.id === '') return null;
    return { id: body.id, timestamp: typeof body.timestamp === 'number' ? body.timestamp : 0 };
  } catch {
    return null;
  }
}

export type UpdatePollerOptions = {
  /** The build this tab runs. */
  current: BuildInfo;
  fetchLatest: () => Promise<BuildInfo | null>;
  onUpdate: (latest: BuildInfo) => void;
  /** Calls back when the tab becomes visible again; returns how to stop listening. */
  onVisible: (check: () => void) => () => void;
  intervalMs?: number;
};

export type UpdatePoller = { start(): void; stop(): void; check(): Promise<boolean> };

/**
 * Asks for the latest build every few minutes and whenever the tab comes back into view;
 * reports a newer build once, then stops asking.
 */
export function createUpdatePoller(options: UpdatePollerOptions): UpdatePoller {
  const { current, fetchLatest, onUpdate, onVisible } = options;
  let interval: ReturnType<typeof setInterval> | null = null;
  let stopVisible: (() => void) | null = null;
  let checking = false;
  let found = false;

  async function check(): Promise<boolean> {
    if (found || checking || current.id === DEV_BUILD_ID) return found;
    checking = true;
    try {
      const latest = await fetchLatest();
      if (!found && isUpdateAvailable(current, latest)) {
        found = true;
        stop();
        onUpdate(latest);
      }
      return found;
    } finally {
      checking = false;
    }
  }

  function start() {
    if (interval !== null || found || current.id === DEV_BUILD_ID) return;
    interval = setInterval(() => void check(), options.intervalMs ?? UPDATE_CHECK_INTERVAL_MS);
    stopVisible = onVisible(() => void check());
  }

  function stop() {
    if (interval !== null) clearInterval(interval);
    interval = null;
    stopVisible?.();
    stopVisible = null;
  }

  return { start, stop, check };
}
