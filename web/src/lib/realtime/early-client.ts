import { RealtimeClient, type RealtimeClientOptions } from './realtime-client';

/**
 * The tab's realtime client made as a room page opens (room-early-reads.ts, from the app's small
 * entry), connecting at once: a room's player needs the server's clock before its music can
 * start, and made by the app, the client would connect only after React, the app and the room's
 * first render (on a busy 2-core machine, a second and more after the page's first reads). The
 * app takes it, once, as it starts (start-app.tsx); on any other page its provider makes one.
 */
let early: RealtimeClient | null = null;

/** Makes the tab's client (once) and connects it; answers it. */
export function connectEarly(options?: RealtimeClientOptions): RealtimeClient {
  early ??= new RealtimeClient(options);
  early.connectNow();
  early.start();
  return early;
}

/** The client a page opening connected, if any; taken once. */
export function takeEarlyClient(): RealtimeClient | null {
  const client = early;
  early = null;
  return client;
}
