import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { z } from 'zod';
import {
  OAUTH_PROVIDERS,
  userIdSchema,
  type OAuthProvider,
  type UserId,
} from '@music-rooms/domain';

/** A flow must come back from the provider within this time. */
export const FLOW_TTL_MS = 10 * 60 * 1000;

/** Everything the callback needs to trust the provider's answer, kept in the browser's cookie. */
export type FlowState = {
  provider: OAuthProvider;
  mode: 'signIn' | 'link';
  /** The user who started a link flow; the callback must be made by the same user. */
  userId: UserId | null;
  state: string;
  codeVerifier: string;
  nonce: string | null;
  popup: boolean;
  returnTo: string;
  expiresAt: number;
};

const flowSchema = z.object({
  provider: z.enum(OAUTH_PROVIDERS),
  mode: z.enum(['signIn', 'link']),
  userId: userIdSchema.nullable(),
  state: z.string().min(1),
  codeVerifier: z.string().min(43),
  nonce: z.string().nullable(),
  popup: z.boolean(),
  returnTo: z.string().startsWith('/'),
  expiresAt: z.number(),
}) satisfies z.ZodType<FlowState>;

/** Where a provider sends the browser back; one address for sign-in and linking. */
export const callbackPath = (provider: OAuthProvider) => `/auth/${provider}/callback`;

/** Each provider has its own cookie, sent only to its callback. */
export const flowCookieName = (provider: OAuthProvider) => `music_rooms_oauth_${provider}`;

/**
 * Encrypts and authenticates the flow (AES-256-GCM): the browser can neither read the PKCE
 * verifier nor change a field, and a cookie made for one provider does not open for another.
 */
export function sealFlow(flow: FlowState, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(flowCookieName(flow.provider)));
  const body = Buffer.concat([cipher.update(JSON.stringify(flow), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** The flow in a cookie, or null when it is missing, altered, for another provider or expired. */
export function openFlow(
  sealed: string | undefined,
  provider: OAuthProvider,
  key: Buffer,
  now = Date.now(),
): FlowState | null {
  if (!sealed || sealed.length > 4096) return null;
  const raw = Buffer.from(sealed, 'base64url');
  if (raw.length < 29) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
    decipher.setAAD(Buffer.from(flowCookieName(provider)));
    decipher.setAuthTag(raw.subarray(12, 28));
    const text = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]);
    const parsed = flowSchema.safeParse(JSON.parse(text.toString('utf8')));
    if (!parsed.success || parsed.data.provider !== provider) return null;
    return parsed.data.expiresAt > now ? parsed.data : null;
  } catch {
    return null;
  }
}
