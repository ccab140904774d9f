import { useTranslation } from 'react-i18next';
import { ROOM_URL_PREFIX, type RoomDetails } from '@music-rooms/domain/rooms';
import { Avatar } from '../../../ui/Avatar';
import { ActiveUsers } from '../list/ActiveUsers';
import { RoomMarkers } from '../list/RoomMarkers';

type RoomHeadingProps = { room: RoomDetails };

/** The top of a room: its name, description, markers and role, who made it, who is here. */
export function RoomHeading({ room }: RoomHeadingProps) {
  const { t } = useTranslation();
  return (
    <div className="room-heading">
      <RoomMarkers room={room} />
      <h1 className="room-heading__title">{room.name}</h1>
      {room.description && <p className="room-heading__description">{room.description}</p>}
      <div className="room-heading__meta">
        <span className="room-heading__author">
          <Avatar name={room.author.name} avatar={room.author.avatar} size="sm" />
          {t('room.createdBy', { name: room.author.name })}
        </span>
        <ActiveUsers count={room.activeUsers} long />
        <span className="room-heading__address">
          <span className="visually-hidden">{t('room.address')}: </span>
          <code>
            {ROOM_URL_PREFIX}
            {room.room_url}
          </code>
        </span>
      </div>
    </div>
  );
}
