import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseServiceLink } from '@music-rooms/domain/yandex-music-links';
import { YANDEX_MUSIC_ERRORS, type ResolvedLink } from '@music-rooms/domain/yandex-music';
import { Alert } from '../../ui/Alert';
import { TextField } from '../../ui/TextField';
import { useErrorText } from '../../app/forms/useErrorText';
import { resolveLink } from './import-api';

type LinkTabProps = {
  token: string | null;
  onFound: (found: ResolvedLink | null) => void;
};

/** How long typing may pause before the link is read (a paste reads at once after it). */
const SETTLE_MS = 300;

/** A link field that reads what the link points to as soon as it is pasted, and its preview. */
export function LinkTab({ token, onFound }: LinkTabProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [url, setUrl] = useState('');
  const [found, setFound] = useState<ResolvedLink | null>(null);
  const [loading, setLoading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const valid = url.trim() !== '' && parseServiceLink(url) !== null;
  const localError =
    url.trim() === ''
      ? null
      : !valid
        ? t('yandexMusic.errors.invalidUrl')
        : !token
          ? t('yandexMusic.errors.enterTokenFirst')
          : null;
  const error = localError ?? failure;

  const change = (next: string) => {
    setUrl(next);
    setFound(null);
    setFailure(null);
    onFound(null);
  };

  useEffect(() => {
    if (!valid || !token) return;
    let current = true;
    const timer = setTimeout(() => {
      setLoading(true);
      resolveLink(token, url.trim())
        .then((result) => {
          if (!current) return;
          setFound(result);
          onFound(result);
        })
        .catch((reason: unknown) => {
          if (current) setFailure(errorText(reason, YANDEX_MUSIC_ERRORS.playlistLoadFailed));
        })
        .finally(() => current && setLoading(false));
    }, SETTLE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [url, valid, token, errorText, onFound]);

  return (
    <div className="import-link">
      <TextField
        label={t('yandexMusic.link.label')}
        placeholder={t('yandexMusic.link.placeholder')}
        value={url}
        onChange={change}
        inputMode="url"
        autoComplete="off"
        {...(error ? { error } : {})}
        {...(loading ? { hint: t('yandexMusic.link.loading') } : {})}
      />
      {found && (
        <div className="import-preview">
          {found.cover && (
            <img
              className="import-preview__cover"
              src={found.cover}
              alt={t('yandexMusic.preview.cover', { title: found.title })}
              width={72}
              height={72}
            />
          )}
          <div className="import-preview__text">
            <span className="import-preview__kind">{t(`yandexMusic.kind.${found.kind}`)}</span>
            <strong className="import-preview__title">{found.title}</strong>
            <span>{t('yandexMusic.preview.count', { count: found.trackCount })}</span>
          </div>
        </div>
      )}
      {found && (
        <Alert tone="success">
          {t('yandexMusic.success.playlistLoaded', { title: found.title, count: found.trackCount })}
        </Alert>
      )}
    </div>
  );
}
