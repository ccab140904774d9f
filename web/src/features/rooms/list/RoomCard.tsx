import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PublicUser } from '@music-rooms/domain/auth';
import { isRoomRole, type RoomSummary } from '@music-rooms/domain/rooms';
import { Avatar } from '../../../ui/Avatar';
import { useLocalePath } from '../../../app/language/useLocalePath';
import { ActiveUsers } from './ActiveUsers';
import { FavoriteButton } from './FavoriteButton';
import { MemberAvatars } from './MemberAvatars';
import { RoomMarkers } from './RoomMarkers';

type RoomCardProps = {
  room: RoomSummary;
  author: PublicUser | undefined;
  members: readonly PublicUser[];
};

/**
 * A room in the home page's list (spec §2 Room list cards): name, description, its author,
 * members, the live count of listeners, markers and the viewer's role, and a favourite heart.
 * The whole card opens the room; its buttons and chips stay clickable above that link.
 */
export function RoomCard({ room, author, members }: RoomCardProps) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  // An invite-only room tells a stranger only that it exists: not who is in it.
  const locked = room.visibility === 'inviteOnly' && !isRoomRole(room.myRole);
  return (
    <article className="room-card" aria-labelledby={`room-${room._id}`}>
      <div className="room-card__top">
        <h3 className="room-card__name" id={`room-${room._id}`}>
          <Link to={localePath(`/room/${room.room_url}`)} className="room-card__link">
            {room.name}
          </Link>
        </h3>
        <FavoriteButton
          roomId={room._id}
          roomUrl={room.room_url}
          isFavorite={room.isFavorite}
          size="sm"
          className="room-card__favorite"
        />
      </div>
      <p className="room-card__description">
        {room.description || (
          <span className="room-card__placeholder">{t('rooms.card.noDescription')}</span>
        )}
      </p>
      <RoomMarkers room={room} />
      <div className="room-card__foot">
        {author && (
          <span className="room-card__author">
            <Avatar name={author.name} avatar={author.avatar} size="sm" />
            <span className="room-card__author-name">
              {t('rooms.card.by', { name: author.name })}
            </span>
          </span>
        )}
        {!locked && (
          <span className="room-card__people">
            <MemberAvatars members={members} count={room.memberCount} />
            <ActiveUsers count={room.activeUsers} />
          </span>
        )}
      </div>
    </article>
  );
}
