import type { FunctionArgs } from '@music-rooms/domain/functions';
import { createFunctionSender } from '../api/functions';
import { FIRST_READS_ELEMENT_ID, type FirstRead } from '@music-rooms/domain/first-reads';
import { liveQueryKey } from './live-query-registry';
import { takePageJson } from '../page-json';

/**
 * First values of live queries read before anything watches them: a page's first reads, started
 * as the app starts while the page's own code still loads (`readEarly`), then taken by the first
 * watcher of the same query (`takeEarlyRead`, in RealtimeClient) instead of a read of its own.
 * Each is taken once, and only while fresh: a page opened later reads anew.
 *
 * The server answers a room page's first reads in the page it sends
 * (server/src/routes/first-reads.ts): such an answer is the early read's, with no request at
 * all; one the page does not carry is asked for.
 */

/** An early read older than this is not taken: the page came too late for it. */
const FRESH_MS = 10_000;

const reads = new Map<string, { read: Promise<unknown>; at: number }>();

/**
 * Reads a query's first value now, for the watcher that comes next; answers the read. `baseUrl`
 * is the app server's origin, empty in the browser (the page's own).
 */
export function readEarly(path: string, args: FunctionArgs, baseUrl = ''): Promise<unknown> {
  const given = takePageRead(path, args);
  const read = given
    ? Promise.resolve(given.value)
    : createFunctionSender({ baseUrl })('query', path, args);
  // Its watcher hears how it ended; one that never comes does not leave a rejection unheard.
  read.catch(() => {});
  reads.set(liveQueryKey(path, args), { read, at: performance.now() });
  return read;
}

/** The early read of this query, if one is fresh; it is taken (a second watcher reads anew). */
export function takeEarlyRead(path: string, args: FunctionArgs): Promise<unknown> | null {
  const key = liveQueryKey(path, args);
  const early = reads.get(key);
  reads.delete(key);
  return early && performance.now() - early.at < FRESH_MS ? early.read : null;
}

/** The reads the page came with, by query key, until taken. */
const pageReads = new Map<string, FirstRead>();

function takePageRead(path: string, args: FunctionArgs): FirstRead | null {
  moveReadsFromPage();
  const key = liveQueryKey(path, args);
  const found = pageReads.get(key) ?? null;
  pageReads.delete(key);
  return found;
}

/**
 * Takes the page's element of first reads into `pageReads`; it goes, so each is taken once. A
 * page that came cut short brings none, and its reads are asked for.
 */
function moveReadsFromPage(): void {
  const reads = takePageJson(FIRST_READS_ELEMENT_ID);
  if (!Array.isArray(reads)) return;
  for (const read of reads as FirstRead[]) pageReads.set(liveQueryKey(read.path, read.args), read);
}
