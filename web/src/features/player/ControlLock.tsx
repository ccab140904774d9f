import { useTranslation } from 'react-i18next';
import { Lock } from 'lucide-react';
import { useSession } from '../../app/session/useSession';
import { notify } from '../../app/toasts/toast-store';
import { useErrorText } from '../../app/forms/useErrorText';
import { Tooltip } from '../../ui/Tooltip';
import type { ControlRefusal } from './control-refusal';
import { handOverHost } from './player-api';
import type { PlayerModel } from './usePlayer';

type ControlLockProps = { refusal: Exclude<ControlRefusal, null>; player: PlayerModel };

/**
 * Says, beside the disabled controls, why they are off; the owner and admins of a room where
 * only the host controls may take the host label with one click.
 */
export function ControlLock({ refusal, player }: ControlLockProps) {
  const { t } = useTranslation();
  const { user } = useSession();
  const errorText = useErrorText();
  const reason = t(refusal === 'onlyHost' ? 'player.onlyHost' : 'player.viewOnly');
  const mayTake = refusal === 'onlyHost' && player.view?.canHandOver && user;
  const take = () =>
    user &&
    handOverHost(player.roomId, user.id).catch((error: unknown) =>
      notify({
        variant: 'error',
        title: errorText(error, 'player.handOverFailed'),
        closable: true,
      }),
    );
  return (
    <span className="control-lock">
      <Tooltip content={reason} side="top">
        <span className="control-lock__reason" tabIndex={0}>
          <Lock aria-hidden size={12} />
          {t(refusal === 'onlyHost' ? 'player.hostControls' : 'player.listening')}
        </span>
      </Tooltip>
      {mayTake && (
        <button type="button" className="control-lock__take" onClick={() => void take()}>
          {t('player.becomeHost')}
        </button>
      )}
    </span>
  );
}
