import type { UserId } from '@music-rooms/domain/ids';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { AddedNotice } from '@music-rooms/domain/rooms';
import { useLiveQueryState } from '../../../lib/realtime/useLiveQuery';
import { notify } from '../../../app/toasts/toast-store';
import { useLocalePath } from '../../../app/language/useLocalePath';
import { useSession } from '../../../app/session/useSession';

/** How long the toast of being added stays (it has an action, so it needs a duration). */
const ADDED_TOAST_MS = 10_000;

/**
 * The rooms the signed-in user was added to and has not opened yet, by room id, read live
 * (rooms.getAddedNotices): their cards carry the mark until the room is opened or the mark is
 * dismissed. Empty for a guest.
 */
export function useAddedNotices(userId: UserId | null): ReadonlyMap<string, AddedNotice> {
  const state = useLiveQueryState('rooms.getAddedNotices', userId ? {} : 'skip');
  return useMemo(
    () => new Map(state.status === 'value' ? state.value.map((n) => [n.roomId, n]) : []),
    [state],
  );
}

const noticeKey = (notice: AddedNotice) => `${notice.roomId}:${notice.addedAt}`;

/**
 * A toast for each notice that arrives while the app is open, whatever page is shown; those
 * already waiting when the page loaded are on the room cards instead. Its action opens the room.
 */
export function useAddedNoticeToasts(): void {
  const { t } = useTranslation();
  const { user } = useSession();
  const navigate = useNavigate();
  const localePath = useLocalePath();
  const state = useLiveQueryState('rooms.getAddedNotices', user ? {} : 'skip');
  const seen = useRef<{ userId: UserId; keys: Set<string> } | null>(null);

  useEffect(() => {
    if (!user || state.status !== 'value') return;
    const notices = state.value;
    const before = seen.current?.userId === user.id ? seen.current.keys : null;
    seen.current = { userId: user.id, keys: new Set(notices.map(noticeKey)) };
    if (!before) return;
    for (const notice of notices) {
      if (before.has(noticeKey(notice))) continue;
      notify({
        id: `room-added:${notice.roomId}`,
        variant: 'info',
        icon: 'bell',
        title: t('roomNotices.toastTitle', { room: notice.roomName }),
        message: notice.addedBy
          ? t('roomNotices.toastText', {
              name: notice.addedBy.name,
              role: t(`rooms.roles.${notice.role}`),
            })
          : t('roomNotices.toastTextNoName', { role: t(`rooms.roles.${notice.role}`) }),
        actions: [
          {
            id: 'open',
            label: t('roomNotices.open'),
            onClick: () => void navigate(localePath(`/room/${notice.room_url}`)),
          },
        ],
        closable: true,
        duration: ADDED_TOAST_MS,
      });
    }
  }, [user, state, navigate, localePath, t]);
}
