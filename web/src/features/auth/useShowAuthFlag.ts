import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { openAuthDialog } from '../../app/dialogs/dialog-store';
import { useSession } from '../../app/session/useSession';

/** `?showAuth=true` opens the sign-in dialog (for a guest), then leaves the address (spec §2). */
export function useShowAuthFlag(): void {
  const [params, setParams] = useSearchParams();
  const { user, loading } = useSession();
  const flagged = params.get('showAuth') === 'true';

  useEffect(() => {
    if (!flagged || loading) return;
    if (!user) openAuthDialog('signIn');
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('showAuth');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [flagged, loading, user, setParams]);
}
