import type { RoomId } from '@music-rooms/domain/ids';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { RoomDetails, RoomMember } from '@music-rooms/domain/rooms';
import { useLiveQueryState } from '../../../lib/realtime/useLiveQuery';
import { notify } from '../../../app/toasts/toast-store';
import { useSoundEffects } from '../../../app/sounds/useSoundEffects';
import type { RoomPass } from './useRoomEntry';

/** How long the notice of a new request stays (it has an action, so it needs a duration). */
const REQUEST_NOTICE_MS = 10_000;

/**
 * The access requests waiting for someone who may manage the room's users (the owner and
 * admins), read live from rooms.getRoomUsers (the users modal shares the subscription); and a
 * notice for each request that arrives while the page is open, whose action opens the modal.
 * Answers their number (0 for everyone else).
 */
export function useWaitingRequests(room: RoomDetails, pass: RoomPass, review: () => void): number {
  const canManage = room.capabilities.includes('users.manage');
  const users = useLiveQueryState(
    'rooms.getRoomUsers',
    canManage ? { roomId: room._id, ...pass } : 'skip',
  );
  const waiting = useMemo(
    () =>
      users.status === 'value'
        ? users.value.requests.filter((request) => request.role === 'requested')
        : null,
    [users],
  );
  useArrivalNotices(room, waiting, review);
  return waiting?.length ?? 0;
}

/**
 * One notice per request not seen before, with the "access request" sound; those already
 * waiting when the page opened get none. The system notice is the app's, on any page
 * (useAccessRequestNotices), so the room page shows no second one.
 */
function useArrivalNotices(room: RoomDetails, waiting: RoomMember[] | null, review: () => void) {
  const { t } = useTranslation();
  const play = useSoundEffects();
  const { _id: roomId } = room;
  const seen = useRef<{ roomId: RoomId; ids: Set<string> } | null>(null);

  useEffect(() => {
    if (!waiting) return;
    const before = seen.current?.roomId === roomId ? seen.current.ids : null;
    seen.current = { roomId, ids: new Set(waiting.map((request) => request.user._id)) };
    if (!before) return;
    const arrived = waiting.filter(({ user }) => !before.has(user._id));
    if (arrived.length > 0) play('accessRequest');
    for (const { user } of arrived) {
      notify({
        id: `access-request:${roomId}:${user._id}`,
        variant: 'info',
        icon: 'bell',
        title: t('rooms.users.requestArrived', { name: user.name }),
        message: t('rooms.users.requestArrivedText'),
        actions: [{ id: 'review', label: t('rooms.users.review'), onClick: review }],
        closable: true,
        duration: REQUEST_NOTICE_MS,
      });
    }
  }, [roomId, waiting, review, t, play]);
}
