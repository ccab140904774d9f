import { useCallback, useState } from 'react';
import {
  askNotificationAccess,
  notificationAccess,
  type NotificationAccess,
} from '../../app/notifications/system-notifications';

/**
 * The browser's answer about system notifications, and asking for them: turning the setting on
 * asks first, and it only turns on when the browser allows it.
 */
export function useNotificationAccess() {
  const [access, setAccess] = useState<NotificationAccess>(notificationAccess);
  const ask = useCallback(async () => {
    const answer = await askNotificationAccess();
    setAccess(answer);
    return answer;
  }, []);
  return { access, ask };
}
