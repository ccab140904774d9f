import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Download } from 'lucide-react';
import type { PlaylistId, RoomId } from '@music-rooms/domain/ids';
import { YANDEX_MUSIC_ERRORS, type ServiceTrack } from '@music-rooms/domain/yandex-music';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { DialogContent } from '../../ui/Dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/Tabs';
import { useErrorText } from '../../app/forms/useErrorText';
import { useLiveQueryState } from '../../lib/realtime/useLiveQuery';
import { startImport } from './import-api';
import { countsOf, defaultChoice, downloadStateOf } from './import-state';
import { ImportProgress } from './ImportProgress';
import { LibraryTab } from './LibraryTab';
import { LinkTab } from './LinkTab';
import { SearchTab } from './SearchTab';
import { TokenSection } from './TokenSection';
import { TrackChooser } from './TrackChooser';
import { useServiceToken } from './token-storage';
import './import.css';

type ImportDialogProps = { roomId: RoomId; playlistId: PlaylistId | null };

type Found = { title: string | null; tracks: ServiceTrack[] };

/**
 * The import modal (spec §2): the token, a link or a search, the tracks to choose, and the
 * imports of this room as they go (a live query, so they survive a reload).
 */
export function ImportDialog({ roomId, playlistId }: ImportDialogProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { token } = useServiceToken();
  const [tab, setTab] = useState('link');
  const [found, setFound] = useState<Found | null>(null);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [requesting, setRequesting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The status line follows the import started here since the last preview (null: none yet);
  // before any choice, the newest import (one that ran on while the modal was closed).
  const [followed, setFollowed] = useState<string | null | undefined>(undefined);
  const imports = useLiveQueryState('yandexMusic.listImports', { roomId });
  const views = (imports.status === 'value' ? imports.value : []).filter(
    (view) => view.items.length > 0,
  );
  const current =
    followed === undefined
      ? (views[0] ?? null)
      : (views.find((view) => view.importId === followed) ?? null);
  const state = downloadStateOf(current, requesting);
  const counts = current ? countsOf(current) : null;

  const onFound = useCallback((next: { title?: string; tracks: ServiceTrack[] } | null) => {
    setFound(next ? { title: next.title ?? null, tracks: next.tracks } : null);
    setChosen(next ? defaultChoice(next.tracks) : new Set());
    if (next) setFollowed(null);
  }, []);

  const start = async () => {
    setError(null);
    if (!token) return setError(t('yandexMusic.errors.enterTokenFirst'));
    setRequesting(true);
    try {
      const view = await startImport({
        token,
        roomId,
        trackIds: [...chosen],
        ...(playlistId ? { playlistId } : {}),
        ...(found?.title ? { title: found.title } : {}),
      });
      setChosen(new Set());
      setFollowed(view.importId);
    } catch (failure) {
      setError(errorText(failure, YANDEX_MUSIC_ERRORS.addToRoomFailed));
    } finally {
      setRequesting(false);
    }
  };

  return (
    <DialogContent title={t('yandexMusic.title')} closeLabel={t('yandexMusic.close')}>
      <div className="import-dialog">
        <TokenSection />
        <Tabs value={tab} onValueChange={setTab}>
          <TabsList aria-label={t('yandexMusic.tabs.label')}>
            <TabsTrigger value="link">{t('yandexMusic.tabs.link')}</TabsTrigger>
            <TabsTrigger value="search">{t('yandexMusic.tabs.search')}</TabsTrigger>
            <TabsTrigger value="library">{t('yandexMusic.tabs.library')}</TabsTrigger>
          </TabsList>
          <TabsContent value="link">
            <LinkTab token={token} onFound={onFound} />
          </TabsContent>
          <TabsContent value="search">
            <SearchTab token={token} onFound={(result) => onFound(result)} />
          </TabsContent>
          <TabsContent value="library">
            <LibraryTab token={token} onFound={onFound} />
          </TabsContent>
        </Tabs>
        {found && found.tracks.length > 0 && (
          <TrackChooser tracks={found.tracks} chosen={chosen} onChange={setChosen} />
        )}
        <div className="import-dialog__start">
          <span className="import-dialog__state" data-state={state} role="status">
            {t('yandexMusic.state.label')}:{' '}
            {t(`yandexMusic.state.${state}`, {
              done: counts?.fetched ?? 0,
              ready: counts?.ready ?? 0,
              total: counts?.total ?? 0,
            })}
          </span>
          <Button
            variant="primary"
            icon={Download}
            busy={requesting}
            disabled={chosen.size === 0}
            onClick={() => void start()}
          >
            {t('yandexMusic.importButton', { count: chosen.size })}
          </Button>
        </div>
        {error && <Alert tone="error">{error}</Alert>}
        {views.length > 0 && (
          <div className="import-dialog__imports">
            <h3 className="import-dialog__subtitle">{t('yandexMusic.progress.title')}</h3>
            {views.map((view) => (
              <ImportProgress key={view.importId} view={view} token={token} />
            ))}
          </div>
        )}
      </div>
    </DialogContent>
  );
}
