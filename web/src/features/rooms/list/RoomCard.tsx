import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PublicUser } from '@music-rooms/domain/auth';
import { isRoomRole, type AddedNotice, type RoomSummary } from '@music-rooms/domain/rooms';
import { Avatar } from '../../../ui/Avatar';
import { useLocalePath } from '../../../app/language/useLocalePath';
import { ActiveUsers } from './ActiveUsers';
import { AddedNoticeMark } from './AddedNoticeMark';
import { FavoriteButton } from './FavoriteButton';
import { MemberAvatars } from './MemberAvatars';
import { NowPlayingLine } from './NowPlayingLine';
import { RoomCover } from './RoomCover';
import { RoomMarkers } from './RoomMarkers';

type RoomCardProps = {
  room: RoomSummary;
  author: PublicUser | undefined;
  members: readonly PublicUser[];
  /** The viewer was just added to this room and has not opened it yet. */
  addedNotice?: AddedNotice | undefined;
};

/**
 * A room in the home page's list (spec §2 Room list cards): the cover and title of what it
 * plays, name, description, its author,
 * members, the live count of listeners, markers and the viewer's role, and a favourite heart.
 * The whole card opens the room; its buttons and chips stay clickable above that link.
 */
export function RoomCard({ room, author, members, addedNotice }: RoomCardProps) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  // An invite-only or password room tells a stranger only that it exists: not who is in it.
  const closed = room.visibility === 'inviteOnly' || room.hasPassword;
  const locked = closed && !isRoomRole(room.myRole);
  return (
    <article className="room-card" aria-labelledby={`room-${room._id}`}>
      <div className="room-card__top">
        <RoomCover nowPlaying={room.nowPlaying} />
        <div className="room-card__title">
          <h3 className="room-card__name" id={`room-${room._id}`}>
            <Link to={localePath(`/room/${room.room_url}`)} className="room-card__link">
              {room.name}
            </Link>
          </h3>
          {room.nowPlaying && <NowPlayingLine nowPlaying={room.nowPlaying} />}
        </div>
        <FavoriteButton
          roomId={room._id}
          roomUrl={room.room_url}
          isFavorite={room.isFavorite}
          size="sm"
          className="room-card__favorite"
        />
      </div>
      {/* A closed room's description is kept from strangers: "no description" would be untrue. */}
      {!locked && (
        <p className="room-card__description">
          {room.description || (
            <span className="room-card__placeholder">{t('rooms.card.noDescription')}</span>
          )}
        </p>
      )}
      {addedNotice && <AddedNoticeMark notice={addedNotice} />}
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
            <MemberAvatars members={members} count={room.memberCount} authorId={author?._id} />
            <ActiveUsers count={room.activeUsers} />
          </span>
        )}
      </div>
    </article>
  );
}
