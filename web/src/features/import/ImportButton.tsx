import { useTranslation } from 'react-i18next';
import { Music } from 'lucide-react';
import type { PlaylistId, RoomId } from '@music-rooms/domain/ids';
import { Button } from '../../ui/Button';
import { Dialog, DialogTrigger } from '../../ui/Dialog';
import { ImportDialog } from './ImportDialog';

type ImportButtonProps = { roomId: RoomId; playlistId: PlaylistId | null };

/** Opens the import from the streaming service, beside the room's Upload button. */
export function ImportButton({ roomId, playlistId }: ImportButtonProps) {
  const { t } = useTranslation();
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button size="sm" variant="secondary" icon={Music}>
          {t('yandexMusic.open')}
        </Button>
      </DialogTrigger>
      <ImportDialog roomId={roomId} playlistId={playlistId} />
    </Dialog>
  );
}
