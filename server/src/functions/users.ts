import { z } from 'zod';
import { AUTH_ERRORS, avatarSchema, type CurrentUser } from '@music-rooms/domain';
import { AccountError } from '../services/account-errors';
import {
  newAvatarColor,
  toCurrentUser,
  toPublicUser,
  updateAvatar,
  updatePreferences,
  updateProfile,
} from '../services/profile';
import type { UserRow } from '../services/sessions';
import { findUserById } from '../services/users';
import { defineMutation, defineQuery, type QueryContext, type MutationContext } from './define';
import { FunctionError } from './function-error';

type Context = QueryContext | MutationContext;

const userTopic = (id: string) => `user:${id}`;

/**
 * The avatar argument: a #colour or a JPEG data URL within avatarSchema's length cap, so an
 * oversized string is refused before any work. A value outside it becomes null, which
 * updateAvatar refuses with the same validation.invalidFormat as a picture that does not decode.
 */
const avatarArg = avatarSchema.nullable().catch(null);

/** The signed-in caller's account; a guest gets not_signed_in. */
async function callerUser(ctx: Context): Promise<UserRow> {
  const user = ctx.caller.userId ? await findUserById(ctx.db, ctx.caller.userId) : null;
  if (!user) throw new FunctionError('not_signed_in', AUTH_ERRORS.notSignedIn);
  return user;
}

/** The caller's account when `id` names it; anyone else's id is forbidden. */
async function ownUser(ctx: Context, id: string): Promise<UserRow> {
  const user = await callerUser(ctx);
  if (id !== user.id) throw new FunctionError('forbidden', AUTH_ERRORS.forbidden);
  return user;
}

/** Runs a service call, passing its account errors on as function errors (code and key). */
async function asFunction<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AccountError) throw new FunctionError(error.code, error.message);
    throw error;
  }
}

const mine = (ctx: Context, user: UserRow): CurrentUser =>
  toCurrentUser(user, ctx.config.superAdminEmails);

/** Functions on the caller's own account (spec §7 users.*), and public profiles of anyone. */
export const userFunctions = [
  // The caller's own profile, looked up by the session; null for a guest or another e-mail.
  defineQuery({
    path: 'users.getCurrentUser',
    args: z.object({ email: z.string() }),
    handler: async (ctx, { email }) => {
      if (!ctx.caller.userId) return null;
      ctx.watch(userTopic(ctx.caller.userId));
      const user = await findUserById(ctx.db, ctx.caller.userId);
      if (!user || user.email.toLowerCase() !== email.trim().toLowerCase()) return null;
      return mine(ctx, user);
    },
  }),
  // What anyone may see of a user (room authors, members): name, username and avatar.
  defineQuery({
    path: 'users.getById',
    args: z.object({ id: z.string() }),
    handler: async (ctx, { id }) => {
      ctx.watch(userTopic(id));
      const user = await findUserById(ctx.db, id);
      return user ? toPublicUser(user) : null;
    },
  }),
  // Saves the profile fields that changed (edit profile dialog).
  defineMutation({
    path: 'users.updateUserProfile',
    args: z.object({
      id: z.string(),
      name: z.string().optional(),
      username: z.string().optional(),
      email: z.string().optional(),
    }),
    handler: async (ctx, { id, ...fields }) => {
      const user = await ownUser(ctx, id);
      const updated = await asFunction(() => updateProfile(ctx.db, user, fields));
      ctx.publish(userTopic(id));
      return mine(ctx, updated);
    },
  }),
  // Sets the avatar: a #colour or the cropped 64×64 JPEG photo.
  defineMutation({
    path: 'users.updateAvatar',
    args: z.object({ id: z.string(), avatar: avatarArg }),
    handler: async (ctx, { id, avatar }) => {
      const user = await ownUser(ctx, id);
      const updated = await asFunction(() => updateAvatar(ctx.db, user, avatar));
      ctx.publish(userTopic(id));
      return { avatar: updated.avatar };
    },
  }),
  // Replaces the avatar with a new random colour (what deleting the photo does).
  defineMutation({
    path: 'users.generateNewAvatarColor',
    args: z.object({ id: z.string() }),
    handler: async (ctx, { id }) => {
      const avatar = await newAvatarColor(ctx.db, await ownUser(ctx, id));
      ctx.publish(userTopic(id));
      return avatar;
    },
  }),
  // The caller's notification and sound settings.
  defineQuery({
    path: 'users.getPreferences',
    args: z.object({}),
    handler: async (ctx) => {
      const user = await callerUser(ctx);
      ctx.watch(userTopic(user.id));
      return user.preferences;
    },
  }),
  // Changes some of the caller's settings; the others stay.
  defineMutation({
    path: 'users.updatePreferences',
    args: z.object({ notifications: z.boolean().optional(), soundEffects: z.boolean().optional() }),
    handler: async (ctx, changes) => {
      const user = await callerUser(ctx);
      const preferences = await updatePreferences(ctx.db, user, changes);
      ctx.publish(userTopic(user.id));
      return preferences;
    },
  }),
];
