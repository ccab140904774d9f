import { useTranslation } from 'react-i18next';
import type { ActivityGroup } from './activity-groups';

/** How an entry of the activity line reads in the page's language. */
export function useActivityText(): (group: ActivityGroup) => string {
  const { t } = useTranslation();
  return (group) => {
    const name = group.actors[0]?.name ?? t('room.activity.guest');
    switch (group.kind) {
      case 'joined':
        return group.actors.length > 1
          ? t('room.activity.joinedMany', { count: group.actors.length })
          : t('room.activity.joined', { name });
      case 'added':
        return t('room.activity.added', { name, count: group.count });
      case 'skipped': {
        const track = group.track;
        const title = track?.artist ? `${track.title} — ${track.artist}` : (track?.title ?? '');
        return t('room.activity.skipped', { name, track: title });
      }
    }
  };
}
