/**
 * The browser's system notifications: whether this page may show them, asking for that, and
 * showing one whose click brings the app's tab to the front.
 */
export type NotificationAccess = NotificationPermission | 'unsupported';

export function notificationAccess(): NotificationAccess {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

/** Asks the browser (it shows its own prompt once; afterwards it answers what was chosen). */
export async function askNotificationAccess(): Promise<NotificationAccess> {
  if (typeof Notification === 'undefined') return 'unsupported';
  if (Notification.permission !== 'default') return Notification.permission;
  try {
    return await Notification.requestPermission();
  } catch {
    return Notification.permission;
  }
}

export type SystemNotice = {
  title: string;
  body: string;
  /** A notice with the tag of one still shown replaces it. */
  tag: string;
  /** What a click on it does besides focusing this tab (e.g. open the page it speaks of). */
  onClick?: () => void;
};

/** Shows a notice if the browser allows it; a click on it focuses this tab. */
export function showSystemNotice({ title, body, tag, onClick }: SystemNotice): void {
  if (notificationAccess() !== 'granted') return;
  try {
    const notice = new Notification(title, { body, tag, icon: '/favicon.svg' });
    notice.onclick = () => {
      window.focus();
      notice.close();
      onClick?.();
    };
  } catch {
    // Some browsers (Android Chrome) show notices only from a service worker: none then.
  }
}
