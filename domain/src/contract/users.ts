import { z } from 'zod';
import type { CurrentUser, PublicUser, UserPreferences } from '../auth';
import { avatarSchema } from '../schemas/auth';
import { userIdSchema } from '../schemas/ids';
import { text } from '../schemas/text';
import { mutation, query } from './define';

/**
 * The avatar argument: a #colour or a JPEG data URL within avatarSchema's length cap, so an
 * oversized string is refused before any work. A value outside it becomes null, which the
 * service refuses with the same validation.invalidFormat as a picture that does not decode.
 */
const avatarArg = avatarSchema.nullable().catch(null);

/**
 * The users.* functions (spec §7): the caller's own account, and public profiles of anyone.
 * Profile fields are only strings here: the profile service checks them against the §5 rules,
 * so that a form gets the one message of the first broken rule.
 */
export const USER_FUNCTIONS = {
  'users.getCurrentUser': query(z.object({ email: text() })).returns<CurrentUser | null>(),
  'users.getById': query(z.object({ id: userIdSchema })).returns<PublicUser | null>(),
  'users.updateUserProfile': mutation(
    z.object({
      id: userIdSchema,
      name: text().optional(),
      username: text().optional(),
      email: text().optional(),
      /** Needed to change the e-mail of an account that has a password. */
      currentPassword: text().optional(),
      /** The language of a verification mail the change may send (else English). */
      locale: text().max(35).optional(),
    }),
  ).returns<CurrentUser>(),
  'users.updateAvatar': mutation(z.object({ id: userIdSchema, avatar: avatarArg })).returns<{
    avatar: string;
  }>(),
  'users.generateNewAvatarColor': mutation(z.object({ id: userIdSchema })).returns<string>(),
  'users.getPreferences': query(z.object({})).returns<UserPreferences>(),
  'users.updatePreferences': mutation(
    z.object({ notifications: z.boolean().optional(), soundEffects: z.boolean().optional() }),
  ).returns<UserPreferences>(),
} as const;
