import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Search } from 'lucide-react';
import {
  YANDEX_MUSIC_ERRORS,
  YANDEX_MUSIC_LIMITS,
  type ServiceSearchResult,
} from '@music-rooms/domain/yandex-music';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { useErrorText } from '../../app/forms/useErrorText';
import { searchService } from './import-api';

type SearchTabProps = {
  token: string | null;
  onFound: (found: ServiceSearchResult | null) => void;
};

/** Searches the service for tracks; the results are chosen like a playlist's. */
export function SearchTab({ token, onFound }: SearchTabProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [query, setQuery] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [total, setTotal] = useState<number | null>(null);

  const search = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!token) return setError(t('yandexMusic.errors.enterTokenFirst'));
    if (query.trim() === '') return;
    setBusy(true);
    try {
      const result = await searchService(token, query.trim());
      setTotal(result.tracks.length);
      onFound(result);
    } catch (failure) {
      setError(errorText(failure, YANDEX_MUSIC_ERRORS.searchFailed));
      onFound(null);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="import-search" onSubmit={(event) => void search(event)} role="search">
      <TextField
        label={t('yandexMusic.search.label')}
        value={query}
        onChange={setQuery}
        maxLength={YANDEX_MUSIC_LIMITS.searchMax}
        {...(total !== null
          ? {
              hint: total
                ? t('yandexMusic.search.found', { count: total })
                : t('yandexMusic.search.nothing'),
            }
          : {})}
      />
      <Button type="submit" size="sm" icon={Search} busy={busy}>
        {t('yandexMusic.search.button')}
      </Button>
      {error && <Alert tone="error">{error}</Alert>}
    </form>
  );
}
