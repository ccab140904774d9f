import { useEffect, useState } from 'react';
import type { RoomId } from '@music-rooms/domain/ids';
import { useRealtimeClient } from '../../../lib/realtime/realtime-context';
import { addActivity, type ActivityGroup } from './activity-groups';

/** What members did in the room while this page was open, grouped, newest first. */
export function useRoomActivity(roomId: RoomId): ActivityGroup[] {
  const client = useRealtimeClient();
  const [groups, setGroups] = useState<ActivityGroup[]>([]);
  useEffect(
    () =>
      client.onRoomActivity((activity) => {
        if (activity.roomId === roomId) setGroups((kept) => addActivity(kept, activity));
      }),
    [client, roomId],
  );
  return groups;
}
