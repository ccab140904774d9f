import { useEffect } from 'react';
import { hasWorkLostOnUnload } from '../../lib/pending-requests';

/**
 * Closing or reloading the tab while changes or uploads are still being sent asks for
 * confirmation.
 * Browsers show their own wording for this; `message` goes where one is still read.
 */
export function useBeforeUnloadWarning(message: string): void {
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (!hasWorkLostOnUnload()) return;
      event.preventDefault();
      event.returnValue = message;
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [message]);
}
