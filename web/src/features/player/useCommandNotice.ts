import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { AUTH_ERRORS } from '@music-rooms/domain/auth';
import { useErrorText } from '../../app/forms/useErrorText';
import { notify } from '../../app/toasts/toast-store';
import { FunctionCallError } from '../../lib/api/function-call-error';

/** One notice for the player's refusals: a burst of refused commands replaces it, never stacks. */
const NOTICE_ID = 'player-command';

/** Seconds until the person may send again, when the refusal is the per-person limit. */
function limitedForSeconds(error: unknown): number | null {
  if (!(error instanceof FunctionCallError) || error.data.key !== AUTH_ERRORS.tooManyRequests) {
    return null;
  }
  const retryAfterMs = Number(error.data.retryAfterMs);
  return Math.max(1, Math.ceil(Number.isFinite(retryAfterMs) ? retryAfterMs / 1000 : 1));
}

/**
 * Tells the person why the player refused a command: too many at once (PLAYER_LIMITS) with the
 * seconds to wait, or the server's own reason, translated.
 */
export function useCommandNotice(): (error: unknown) => void {
  const { t } = useTranslation();
  const errorText = useErrorText();
  return useCallback(
    (error: unknown) => {
      const seconds = limitedForSeconds(error);
      notify({
        id: NOTICE_ID,
        variant: seconds === null ? 'error' : 'warning',
        title:
          seconds === null
            ? errorText(error, 'player.commandFailed')
            : t('player.tooFast', { count: seconds }),
        closable: true,
      });
    },
    [t, errorText],
  );
}
