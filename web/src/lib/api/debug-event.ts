import type { DebugEvent } from '@music-rooms/domain/functions';

/**
 * Sends an error report to the server log (POST /api/debug_event). Reporting never throws:
 * a report that cannot be sent is only written to the console.
 */
export async function reportDebugEvent(event: DebugEvent, baseUrl = ''): Promise<void> {
  try {
    await fetch(`${baseUrl}/api/debug_event`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(event),
      // The report should still go out when it is sent while the page unloads.
      keepalive: true,
    });
  } catch (error) {
    console.warn('Could not send an error report', error);
  }
}
