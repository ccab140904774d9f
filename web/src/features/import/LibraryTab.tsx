import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Heart, ListMusic } from 'lucide-react';
import {
  YANDEX_MUSIC_ERRORS,
  type ResolvedLink,
  type ServiceLibrary,
} from '@music-rooms/domain/yandex-music';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { useErrorText } from '../../app/forms/useErrorText';
import { readLibrary, readLikedTracks, resolveLink } from './import-api';

type LibraryTabProps = {
  token: string | null;
  onFound: (found: { title: string; tracks: ResolvedLink['tracks'] } | null) => void;
};

/** What was opened: the liked tracks, or one playlist by its link. */
type Opened = { key: string; title: string };

const LIKED = 'liked';

type Answer = {
  token: string;
  attempt: number;
  library: ServiceLibrary | null;
  error: string | null;
};

/**
 * The token's account's own library: its liked tracks and its playlists, read with the token
 * that stays in this browser; opening one lists its tracks to choose from.
 */
export function LibraryTab({ token, onFound }: LibraryTabProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [attempt, setAttempt] = useState(0);
  // What the service answered for this token and attempt (older answers are not shown).
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [opened, setOpened] = useState<Opened | null>(null);
  const [openError, setOpenError] = useState<string | null>(null);
  const fresh = answer !== null && answer.token === token && answer.attempt === attempt;
  const library = fresh ? answer.library : null;
  const loading = token !== null && !fresh;
  const error = openError ?? (fresh ? answer.error : null);

  useEffect(() => {
    if (!token) return;
    let current = true;
    const settle = (library: ServiceLibrary | null, error: string | null) =>
      current && setAnswer({ token, attempt, library, error });
    readLibrary(token)
      .then((result) => settle(result, null))
      .catch((reason: unknown) =>
        settle(null, errorText(reason, YANDEX_MUSIC_ERRORS.playlistLoadFailed)),
      );
    return () => {
      current = false;
    };
  }, [token, attempt, errorText]);

  const open = (key: string, title: string, read: (token: string) => Promise<ResolvedLink>) => {
    if (!token) return;
    setOpened({ key, title });
    setOpenError(null);
    onFound(null);
    read(token)
      .then((result) => onFound({ title, tracks: result.tracks }))
      .catch((reason: unknown) => {
        setOpened(null);
        setOpenError(errorText(reason, YANDEX_MUSIC_ERRORS.playlistLoadFailed));
      });
  };

  if (!token) return <Alert tone="info">{t('yandexMusic.errors.enterTokenFirst')}</Alert>;
  const likedTitle = t('yandexMusic.library.liked');
  const empty = library && library.likedCount === 0 && library.playlists.length === 0;

  return (
    <section className="import-library" aria-label={t('yandexMusic.library.label')}>
      {loading && <p className="import-library__count">{t('yandexMusic.library.loading')}</p>}
      {empty && <p className="import-library__count">{t('yandexMusic.library.empty')}</p>}
      {library && library.likedCount > 0 && (
        <LibraryEntry
          icon="liked"
          title={likedTitle}
          count={library.likedCount}
          pressed={opened?.key === LIKED}
          onOpen={() => open(LIKED, likedTitle, readLikedTracks)}
        />
      )}
      {library && library.playlists.length > 0 && (
        <>
          <h4 className="import-library__heading">{t('yandexMusic.library.playlists')}</h4>
          <ul className="import-library__list">
            {library.playlists.map((playlist) => (
              <li key={playlist.url}>
                <LibraryEntry
                  icon="playlist"
                  title={playlist.title}
                  count={playlist.trackCount}
                  pressed={opened?.key === playlist.url}
                  onOpen={() =>
                    open(playlist.url, playlist.title, (given) => resolveLink(given, playlist.url))
                  }
                />
              </li>
            ))}
          </ul>
        </>
      )}
      {error && (
        <Alert tone="error">
          {error}{' '}
          <Button
            size="sm"
            variant="ghost"
            onClick={() => {
              setOpenError(null);
              setAttempt((n) => n + 1);
            }}
          >
            {t('yandexMusic.library.retry')}
          </Button>
        </Alert>
      )}
    </section>
  );
}

type LibraryEntryProps = {
  icon: 'liked' | 'playlist';
  title: string;
  count: number;
  pressed: boolean;
  onOpen: () => void;
};

function LibraryEntry({ icon, title, count, pressed, onOpen }: LibraryEntryProps) {
  const { t } = useTranslation();
  const Icon = icon === 'liked' ? Heart : ListMusic;
  return (
    <button type="button" className="import-library__entry" aria-pressed={pressed} onClick={onOpen}>
      <span className="import-library__title">
        <Icon aria-hidden size={16} /> {title}
      </span>
      <span className="import-library__count">{t('yandexMusic.library.count', { count })}</span>
    </button>
  );
}
