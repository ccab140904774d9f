import type { OAuthProvider } from '@music-rooms/domain';
import type { Config } from '../../../config';
import { githubProvider } from './github';
import { googleProvider } from './google';
import { spotifyProvider } from './spotify';
import type { OAuthProviderClient } from './types';

const FACTORIES: Record<OAuthProvider, (config: Config, clientId: string) => OAuthProviderClient> =
  {
    google: googleProvider,
    github: githubProvider,
    spotify: spotifyProvider,
  };

/** The providers this server offers: those with a client id (as GET /api/config lists them). */
export function configuredProviders(config: Config): Map<string, OAuthProviderClient> {
  const providers = new Map<string, OAuthProviderClient>();
  for (const [id, create] of Object.entries(FACTORIES) as [
    OAuthProvider,
    typeof googleProvider,
  ][]) {
    const clientId = config.oauth[id].clientId;
    if (clientId !== null) providers.set(id, create(config, clientId));
  }
  return providers;
}
