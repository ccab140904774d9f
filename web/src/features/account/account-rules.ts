import { OAUTH_PROVIDERS, type OAuthProvider } from '@music-rooms/domain/limits';
import type { SessionUser } from '@music-rooms/domain/auth';

type SignInMethods = Pick<SessionUser, 'hasPassword' | 'providers'>;

/**
 * A provider can be unlinked only while another way to sign in remains: a password or another
 * linked provider (spec §5).
 */
export function canUnlink(user: SignInMethods, provider: OAuthProvider): boolean {
  if (!user.providers.includes(provider)) return false;
  return user.hasPassword || user.providers.some((other) => other !== provider);
}

/** The providers the account dialog lists: those set up on the server and any already linked. */
export function listedProviders(
  configured: readonly OAuthProvider[],
  linked: readonly OAuthProvider[],
): OAuthProvider[] {
  return OAUTH_PROVIDERS.filter(
    (provider) => configured.includes(provider) || linked.includes(provider),
  );
}
