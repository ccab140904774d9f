import { REALTIME_TOKEN_PATH, type RealtimeToken } from '@music-rooms/domain/realtime';

/**
 * GET /api/realtime/token. A non-OK answer raises "Failed to get realtime token: {status text}"
 * (spec §7), which the realtime client logs before it tries again.
 */
export async function fetchRealtimeToken(baseUrl = ''): Promise<RealtimeToken> {
  const response = await fetch(`${baseUrl}${REALTIME_TOKEN_PATH}`, {
    headers: { accept: 'application/json' },
  });
  if (!response.ok) {
    throw new Error(`Failed to get realtime token: ${response.statusText || response.status}`);
  }
  return (await response.json()) as RealtimeToken;
}
