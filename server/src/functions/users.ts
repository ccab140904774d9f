import { TOPICS, type CurrentUser, type UserId } from '@music-rooms/domain';
import { forbidden, notSignedIn } from '../services/accounts/errors';
import { mailLanguage } from '../services/accounts/mail-templates';
import {
  newAvatarColor,
  updateAvatar,
  updatePreferences,
  updateProfile,
} from '../services/accounts/profile';
import {
  findUserById,
  toCurrentUser,
  toPublicUser,
  type UserRow,
} from '../services/accounts/users-store';
import { defineMutation, defineQuery, type MutationContext, type QueryContext } from './define';

type Context = QueryContext | MutationContext;

/** The signed-in caller's account; a guest gets not_signed_in. */
async function callerUser(ctx: Context): Promise<UserRow> {
  const user = ctx.caller.userId ? await findUserById(ctx.deps.db, ctx.caller.userId) : null;
  if (!user) throw notSignedIn();
  return user;
}

/** The caller's account when `id` names it; anyone else's id is forbidden. */
async function ownUser(ctx: Context, id: UserId): Promise<UserRow> {
  const user = await callerUser(ctx);
  if (id !== user.id) throw forbidden();
  return user;
}

const mine = (ctx: Context, user: UserRow): CurrentUser =>
  toCurrentUser(user, ctx.deps.config.superAdminEmails);

/** Functions on the caller's own account (spec §7 users.*), and public profiles of anyone. */
export const userFunctions = [
  // The caller's own profile, looked up by the session; null for a guest or another e-mail.
  defineQuery('users.getCurrentUser', async (ctx, { email }) => {
    if (!ctx.caller.userId) return null;
    ctx.watch(TOPICS.user(ctx.caller.userId));
    const user = await findUserById(ctx.deps.db, ctx.caller.userId);
    if (!user || user.email.toLowerCase() !== email.trim().toLowerCase()) return null;
    return mine(ctx, user);
  }),
  // What anyone may see of a user (room authors, members): name, username and avatar.
  defineQuery('users.getById', async (ctx, { id }) => {
    ctx.watch(TOPICS.user(id));
    const user = await findUserById(ctx.deps.db, id);
    return user ? toPublicUser(user) : null;
  }),
  // Saves the profile fields that changed (edit profile dialog); a new e-mail needs the password.
  defineMutation('users.updateUserProfile', async (ctx, args) => {
    const { id, currentPassword, locale, ...fields } = args;
    const user = await ownUser(ctx, id);
    const updated = await updateProfile(ctx.deps, user, fields, {
      currentPassword,
      address: ctx.caller.address,
      language: mailLanguage(locale),
    });
    ctx.publish(TOPICS.user(id));
    return mine(ctx, updated);
  }),
  // Sets the avatar: a #colour or the cropped 64×64 JPEG photo.
  defineMutation('users.updateAvatar', async (ctx, { id, avatar }) => {
    const user = await ownUser(ctx, id);
    const updated = await updateAvatar(ctx.deps, user, avatar);
    ctx.publish(TOPICS.user(id));
    return { avatar: updated.avatar };
  }),
  // Replaces the avatar with a new random colour (what deleting the photo does).
  defineMutation('users.generateNewAvatarColor', async (ctx, { id }) => {
    const avatar = await newAvatarColor(ctx.deps, await ownUser(ctx, id));
    ctx.publish(TOPICS.user(id));
    return avatar;
  }),
  // The caller's notification and sound settings.
  defineQuery('users.getPreferences', async (ctx) => {
    const user = await callerUser(ctx);
    ctx.watch(TOPICS.user(user.id));
    return user.preferences;
  }),
  // Changes some of the caller's settings; the others stay.
  defineMutation('users.updatePreferences', async (ctx, changes) => {
    const user = await callerUser(ctx);
    const preferences = await updatePreferences(ctx.deps, user, changes);
    ctx.publish(TOPICS.user(user.id));
    return preferences;
  }),
];
