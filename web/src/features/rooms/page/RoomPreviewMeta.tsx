import { useTranslation } from 'react-i18next';
import type { RoomPreview } from '@music-rooms/domain/rooms';
import { Avatar } from '../../../ui/Avatar';
import { RoomMarkers } from '../list/RoomMarkers';

type RoomPreviewMetaProps = { preview: RoomPreview };

/** What a stranger kept out of a room sees of it, as on its card: its markers and its owner. */
export function RoomPreviewMeta({ preview }: RoomPreviewMetaProps) {
  const { t } = useTranslation();
  return (
    <div className="room-preview">
      <RoomMarkers room={{ ...preview, myRole: null }} />
      <span className="room-preview__author">
        <Avatar name={preview.author.name} avatar={preview.author.avatar} size="sm" />
        {t('room.createdBy', { name: preview.author.name })}
      </span>
    </div>
  );
}
