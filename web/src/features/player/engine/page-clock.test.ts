// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAGE_CLOCK_ELEMENT_ID, type PageClock } from '@music-rooms/domain/first-reads';
import { takePageClockSample } from './page-clock';

/**
 * The page's request as the browser timed it (a stand-in for its Navigation Timing entry, which
 * jsdom has not): asked at 100 ms on the page's clock, its first byte at 112 ms.
 */
function navigated(timing: Partial<PerformanceNavigationTiming> = {}) {
  const entry = { requestStart: 100, responseStart: 112, transferSize: 5000, ...timing };
  vi.spyOn(performance, 'getEntriesByType').mockImplementation((type) =>
    type === 'navigation' ? [entry as PerformanceNavigationTiming] : [],
  );
}

/** The page as the server sent it: its clock 5 s ahead of the page's, 2 ms spent on the page. */
function pageWithClock(text = JSON.stringify({ receivedAt: 5103, sentAt: 5105 } as PageClock)) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = PAGE_CLOCK_ELEMENT_ID;
  element.textContent = text;
  document.body.append(element);
}

afterEach(() => {
  vi.restoreAllMocks();
  document.body.replaceChildren();
});

describe("a room page's own clock sample", () => {
  it('is the server’s clock between the request and its first byte, less the server’s own time', () => {
    navigated();
    pageWithClock();
    // Bounds: 5103 − 100 = 5003 at most, 5105 − 112 = 4993 at least.
    expect(takePageClockSample()).toEqual({ offsetMs: 4998, rttMs: 10, at: 112 });
    // Taken once: a later opening of the player samples over the connection.
    expect(document.getElementById(PAGE_CLOCK_ELEMENT_ID)).toBeNull();
    expect(takePageClockSample()).toBeNull();
  });

  it('is none for a page from the browser’s cache, whose clock is an old one', () => {
    navigated({ transferSize: 0 });
    pageWithClock();
    expect(takePageClockSample()).toBeNull();
  });

  it('is none without the browser’s timing, or with a clock that is cut short or makes no sense', () => {
    navigated({ requestStart: 0 });
    pageWithClock();
    expect(takePageClockSample()).toBeNull();
    navigated();
    pageWithClock('{"receivedAt": 5103, "sent');
    expect(takePageClockSample()).toBeNull();
    pageWithClock(JSON.stringify({ receivedAt: 5105, sentAt: 5103 }));
    expect(takePageClockSample()).toBeNull();
    expect(takePageClockSample()).toBeNull();
  });
});
