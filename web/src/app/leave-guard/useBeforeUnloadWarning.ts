import { useEffect } from 'react';
import { hasPendingRequests } from '../../lib/pending-requests';

/**
 * Closing or reloading the tab while changes are still being sent asks for confirmation.
 * Browsers show their own wording for this; `message` goes where one is still read.
 */
export function useBeforeUnloadWarning(message: string): void {
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (!hasPendingRequests()) return;
      event.preventDefault();
      event.returnValue = message;
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [message]);
}
