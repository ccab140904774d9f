import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Announcements, ScreenReaderInstructions, UniqueIdentifier } from '@dnd-kit/core';
import type { TrackSummary } from '@music-rooms/domain/tracks';

/**
 * What a screen reader hears while a row is moved, in the reader's language: which track was
 * picked up, where it is now, where it was dropped.
 */
export function useDragAnnouncements(tracks: TrackSummary[]): {
  announcements: Announcements;
  screenReaderInstructions: ScreenReaderInstructions;
} {
  const { t } = useTranslation();
  return useMemo(() => {
    const index = new Map(tracks.map((track, at) => [track._id as UniqueIdentifier, at]));
    const titleOf = (id: UniqueIdentifier) => tracks[index.get(id) ?? -1]?.title ?? '';
    const place = (active: UniqueIdentifier, over: UniqueIdentifier | undefined) => ({
      title: titleOf(active),
      position: (index.get(over ?? active) ?? 0) + 1,
      count: tracks.length,
    });
    return {
      announcements: {
        onDragStart: ({ active }) => t('tracks.drag.start', place(active.id, active.id)),
        onDragOver: ({ active, over }) => t('tracks.drag.over', place(active.id, over?.id)),
        onDragEnd: ({ active, over }) => t('tracks.drag.end', place(active.id, over?.id)),
        onDragCancel: ({ active }) => t('tracks.drag.cancel', place(active.id, active.id)),
      },
      screenReaderInstructions: { draggable: t('tracks.drag.instructions') },
    };
  }, [tracks, t]);
}
