import { fetchSession, type SessionState } from './session-api';

/** An answer younger than this is not read again when the window regains focus. */
const FRESH_MS = 30_000;

type Read = { controller: AbortController; done: Promise<void> };

const listeners = new Set<() => void>();
let state: SessionState | undefined;
let answeredAt = 0;
let reading: Read | null = null;

/**
 * The session as GET /api/_auth/session answered it (undefined until the first answer), shared
 * by every component: read when first watched, again when the window regains focus after a
 * while, never retried (a failure answers "nobody", not "answered").
 */
export function sessionState(): SessionState | undefined {
  return state;
}

/** Watches the session; the first watcher makes the first read. */
export function subscribeSession(listener: () => void): () => void {
  if (listeners.size === 0) document.addEventListener('visibilitychange', onVisible);
  listeners.add(listener);
  if (state === undefined && reading === null) void readSession();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) document.removeEventListener('visibilitychange', onVisible);
  };
}

/** The session's answer: at once when it has answered, else once it does (read if no one is). */
export function sessionAnswer(): Promise<SessionState> {
  if (state !== undefined) return Promise.resolve(state);
  return new Promise((resolve) => {
    const stop = subscribeSession(() => {
      if (state === undefined) return;
      stop();
      resolve(state);
    });
  });
}

/** Reads the session again; a read still under way is cancelled (it may answer the old state). */
export function readSession(): Promise<void> {
  reading?.controller.abort();
  const controller = new AbortController();
  const done = fetchSession({ signal: controller.signal }).then(
    (answer) => {
      if (controller.signal.aborted) return;
      setSessionState(answer);
    },
    () => {
      // Cancelled: a newer read or a sign-in answers instead.
    },
  );
  const read: Read = {
    controller,
    done: done.finally(() => {
      if (reading === read) reading = null;
    }),
  };
  reading = read;
  return read.done;
}

/** Takes an answer given another way (a sign-in, a sign-out): a read under way is dropped. */
export function setSessionState(next: SessionState): void {
  reading?.controller.abort();
  reading = null;
  state = next;
  answeredAt = Date.now();
  for (const listener of [...listeners]) listener();
}

/** Forgets the session (component tests start each from nothing). */
export function resetSessionStore(next?: SessionState): void {
  reading?.controller.abort();
  reading = null;
  state = next;
  answeredAt = next ? Date.now() : 0;
}

function onVisible() {
  if (document.visibilityState !== 'visible' || reading !== null) return;
  if (Date.now() - answeredAt >= FRESH_MS) void readSession();
}
