/**
 * What a link to the streaming service points to (spec §5 "a valid track, album/track or
 * playlist link"): `music.yandex.ru` (or .com, .by, .kz, .uz) with one of
 *
 *   /album/{album}/track/{track}   /track/{track}   /album/{album}
 *   /users/{login}/playlists/{kind}   /playlists/{lk.… | ps.… | uuid}
 *
 * over http or https or without a scheme, with a query string, a fragment or a trailing slash.
 * Anything else is no link (null: "invalid URL"). Pure, so the form and the server agree.
 */

export type ServiceLink =
  | { kind: 'track'; trackId: string; albumId: string | null }
  | { kind: 'album'; albumId: string }
  | { kind: 'playlist'; owner: string; playlistKind: string }
  | { kind: 'playlist'; uuid: string };

/** Scheme (optional), one of the service's hosts, the path, then a query or fragment. */
const ADDRESS = /^(?:https?:\/\/)?music\.yandex\.(?:ru|com|by|kz|uz)(\/[^?#]*)?(?:[?#].*)?$/i;

const ID = '(\\d{1,15})';
const LOGIN = '([A-Za-z0-9][A-Za-z0-9._-]{0,63})';
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const PLAYLIST_UUID = `((?:lk\\.|ps\\.)${UUID}|${UUID})`;

type Form = { pattern: RegExp; link: (parts: string[]) => ServiceLink };

const FORMS: Form[] = [
  {
    pattern: new RegExp(`^/album/${ID}/track/${ID}$`),
    link: ([albumId, trackId]) => ({ kind: 'track', trackId: trackId!, albumId: albumId! }),
  },
  {
    pattern: new RegExp(`^/track/${ID}$`),
    link: ([trackId]) => ({ kind: 'track', trackId: trackId!, albumId: null }),
  },
  {
    pattern: new RegExp(`^/album/${ID}$`),
    link: ([albumId]) => ({ kind: 'album', albumId: albumId! }),
  },
  {
    pattern: new RegExp(`^/users/${LOGIN}/playlists/${ID}$`),
    link: ([owner, playlistKind]) => ({
      kind: 'playlist',
      owner: owner!,
      playlistKind: playlistKind!,
    }),
  },
  {
    pattern: new RegExp(`^/playlists/${PLAYLIST_UUID}$`, 'i'),
    link: ([uuid]) => ({ kind: 'playlist', uuid: uuid!.toLowerCase() }),
  },
];

/** The link's path, when it is an address of the service; null for any other text. */
function servicePath(input: string): string | null {
  const text = input.trim();
  if (text === '' || /\s/.test(text)) return null;
  const match = ADDRESS.exec(text);
  if (!match) return null;
  const path = (match[1] ?? '').replace(/\/+$/, '');
  return path === '' ? null : path;
}

/** Parses a link to a track, an album or a playlist of the service; null when it is none. */
export function parseServiceLink(input: string): ServiceLink | null {
  const path = servicePath(input);
  if (path === null) return null;
  for (const form of FORMS) {
    const match = form.pattern.exec(path);
    if (match) return form.link(match.slice(1));
  }
  return null;
}
