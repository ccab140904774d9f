import type { SessionUser } from '@music-rooms/domain/auth';
import type { RoomId } from '@music-rooms/domain/ids';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { requireSignIn } from '../../auth/require-sign-in';
import { useErrorText } from '../../../app/forms/useErrorText';
import { notify } from '../../../app/toasts/toast-store';
import { readAccessPass } from '../room-access';
import { toggleFavorite } from '../rooms-api';

/** What the viewer asked for, over the value the server had when they asked. */
type Override = { value: boolean; base: boolean };

/**
 * The favourite flag of a room, changed optimistically (spec §4 Favourite): the heart turns at
 * once, the server is asked, and a refusal turns it back with an error notice. The asked-for
 * value shows until the live value moves; from then on the live value is the truth again.
 */
export function useFavoriteToggle(roomId: RoomId, roomUrl: string, serverValue: boolean) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [override, setOverride] = useState<Override | null>(null);
  const [busy, setBusy] = useState(false);

  const isFavorite =
    override !== null && override.base === serverValue ? override.value : serverValue;

  const save = async (user: SessionUser) => {
    setOverride({ value: !isFavorite, base: serverValue });
    setBusy(true);
    try {
      const result = await toggleFavorite(roomId, user.id, readAccessPass(roomUrl));
      setOverride({ value: result.isFavorite, base: serverValue });
    } catch (error) {
      setOverride(null);
      notify({
        variant: 'error',
        icon: 'heart',
        title: t('rooms.favorite.error'),
        message: errorText(error, 'rooms.favorite.retry'),
      });
    } finally {
      setBusy(false);
    }
  };

  const toggle = () => {
    if (!busy) requireSignIn((user) => void save(user));
  };

  return { isFavorite, toggle, busy };
}
