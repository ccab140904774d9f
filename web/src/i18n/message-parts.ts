/**
 * Which messages the first page needs, by key path (a whole area such as `home`, or one branch
 * of it such as `auth.errors`). The production build ships each language in two parts: these
 * paths with the entry, everything else when a page or dialog of another area first loads
 * (web/vite/locale-parts.ts). A key on the home page, in the header, in the frame's notices
 * (OAuth answers, sign-out) or in a server error the home page can show belongs here.
 */
export const FIRST_PART_PATHS = [
  'app',
  'common',
  'header',
  'userMenu',
  'scrollToTop',
  'leave',
  'toasts',
  'buildUpdate',
  'home',
  'rooms.errors',
  'rooms.roles',
  'rooms.yourRole',
  'rooms.markers',
  'rooms.sort',
  'rooms.list',
  'rooms.card',
  'rooms.favorite',
  'roomNotices',
  'error',
  'errors',
  'notFound',
  'auth.errors',
  'auth.success',
  'auth.googleError',
  'auth.signedOut',
  'auth.signOutError',
  'user.oauthLinkError',
] as const;

export type MessagePart = 'first' | 'rest';

type Messages = { [key: string]: unknown };

const isBranch = (value: unknown): value is Messages =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Puts `value` at `path` inside `target`, making the branches on the way. */
function place(target: Messages, path: readonly string[], value: unknown): void {
  let node = target;
  for (const key of path.slice(0, -1)) {
    const next = isBranch(node[key]) ? node[key] : {};
    node[key] = next;
    node = next;
  }
  node[path[path.length - 1]!] = value;
}

/** The messages at `paths` (first) and all the others (rest); together they are `messages`. */
export function splitMessages(
  messages: Messages,
  paths: readonly string[] = FIRST_PART_PATHS,
): Record<MessagePart, Messages> {
  const first: Messages = {};
  const rest = structuredClone(messages);
  for (const path of paths) {
    const keys = path.split('.');
    let value: unknown = messages;
    for (const key of keys) value = isBranch(value) ? value[key] : undefined;
    if (value === undefined) continue;
    place(first, keys, value);
    removePath(rest, keys);
  }
  return { first, rest };
}

/** Deletes a path, and the branches it leaves empty. */
function removePath(target: Messages, path: readonly string[]): void {
  const [key, ...below] = path;
  if (key === undefined || !(key in target)) return;
  const child = target[key];
  if (below.length === 0 || !isBranch(child)) {
    delete target[key];
    return;
  }
  removePath(child, below);
  if (Object.keys(child).length === 0) delete target[key];
}
