import type { PublicConfig } from '@music-rooms/domain/config';

/** GET /api/config: the settings the app needs at run time. */
export async function fetchPublicConfig(): Promise<PublicConfig> {
  const response = await fetch('/api/config', { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`GET /api/config answered ${response.status}`);
  return (await response.json()) as PublicConfig;
}
