import { useEffect, useRef } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { RoomActivity } from '@music-rooms/domain/room-activity';
import type { RoomDetails } from '@music-rooms/domain/rooms';
import { AddedBatcher, type AddedBatch } from '../../../app/notifications/added-batch';
import { useSystemNotices } from '../../../app/notifications/useSystemNotices';
import { useSession } from '../../../app/session/useSession';
import { useSoundEffects } from '../../../app/sounds/useSoundEffects';
import { useRealtimeClient } from '../../../lib/realtime/realtime-context';

/**
 * What the open room tells beyond its page: the "track added" and "joined" sounds, and while
 * the tab is hidden, one system notice per batch of tracks others added (none once the tab is
 * shown again: the person sees them).
 */
export function useRoomAlerts(room: RoomDetails): void {
  const { t } = useTranslation();
  const client = useRealtimeClient();
  const { user } = useSession();
  const play = useSoundEffects();
  const notice = useSystemNotices();
  // The listeners below stay for the page's life and read the latest of these.
  const latest = useRef({ t, play, notice, userId: user?.id ?? null, name: room.name });
  useEffect(() => {
    latest.current = { t, play, notice, userId: user?.id ?? null, name: room.name };
  });

  useEffect(() => {
    const tell = (batch: AddedBatch) => {
      const { t, notice, name } = latest.current;
      notice({ title: name, body: addedText(t, batch), tag: `tracks-added:${room._id}` });
    };
    const batcher = new AddedBatcher(tell);
    const onVisibility = () => {
      if (document.visibilityState === 'visible') batcher.drop();
    };
    const hear = (activity: RoomActivity) => {
      if (activity.roomId !== room._id) return;
      const { play, userId } = latest.current;
      const byOther = activity.actor.key !== userId;
      if (activity.kind === 'added') {
        play('trackAdded');
        if (byOther && document.visibilityState === 'hidden') {
          batcher.add(activity.count, activity.actor.name);
        }
      } else if (activity.kind === 'joined' && byOther) play('joined');
    };
    document.addEventListener('visibilitychange', onVisibility);
    const stop = client.onRoomActivity(hear);
    return () => {
      stop();
      document.removeEventListener('visibilitychange', onVisibility);
      batcher.drop();
    };
  }, [client, room._id]);
}

/** "Ann added 3 tracks", "Ann, Bob added 5 tracks", or "3 tracks added" when nobody is named. */
function addedText(t: TFunction, { count, names }: AddedBatch): string {
  return names.length > 0
    ? t('alerts.tracksAddedBy', { count, name: names.join(', ') })
    : t('alerts.tracksAdded', { count });
}
