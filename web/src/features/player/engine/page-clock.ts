import { sampleOf, type ClockSample } from '@music-rooms/domain/clock';
import { PAGE_CLOCK_ELEMENT_ID, type PageClock } from '@music-rooms/domain/first-reads';
import { takePageJson } from '../../../lib/page-json';

/**
 * The room page's own request as a clock sample: the server's clock as it answered it
 * (server/src/routes/first-reads.ts) between the moments the browser sent the request and heard
 * its first byte (Navigation Timing, on the page's `performance.now()` clock). The browser's
 * network stack stamps those, not the page's main thread, so a page busy loading does not
 * stretch the round trip, as it does a probe over the connection (seen: the connection's first
 * answer 0.6–1.5 s after it was asked for on a busy 2-core machine, and the music waiting for it).
 * None for a page that came from the browser's cache (its clock is an old one) or without the
 * element; taken once (the element goes).
 */
export function takePageClockSample(): ClockSample | null {
  const clock = pageClockOf(takePageJson(PAGE_CLOCK_ELEMENT_ID));
  if (!clock) return null;
  const navigation = performance.getEntriesByType('navigation')[0] as
    PerformanceNavigationTiming | undefined;
  if (!navigation || navigation.transferSize === 0) return null;
  const { requestStart, responseStart } = navigation;
  if (!(requestStart > 0 && responseStart >= requestStart)) return null;
  return sampleOf({
    clientSentAt: requestStart,
    serverReceivedAt: clock.receivedAt,
    serverSentAt: clock.sentAt,
    clientReceivedAt: responseStart,
  });
}

function pageClockOf(given: unknown): PageClock | null {
  const { receivedAt, sentAt } = (given ?? {}) as Record<keyof PageClock, unknown>;
  if (typeof receivedAt !== 'number' || typeof sentAt !== 'number') return null;
  const valid = Number.isFinite(receivedAt) && Number.isFinite(sentAt) && sentAt >= receivedAt;
  return valid ? { receivedAt, sentAt } : null;
}
