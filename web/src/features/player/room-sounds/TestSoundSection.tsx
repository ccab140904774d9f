import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../app/forms/useErrorText';
import { callMutation } from '../../../lib/api/functions';
import { Button } from '../../../ui/Button';
import { PopoverSection } from '../../../ui/Popover';
import { isSilent } from '../player-settings';
import { usePlayerSettings } from '../usePlayerSettings';
import type { PlayerModel } from '../usePlayer';
import './room-sounds.css';

type Said = { kind: 'asked' } | { kind: 'failed'; text: string } | null;

/**
 * "Play a test sound": every device in the room clicks once at the same server instant, so a
 * person hears whether the room sounds as one (one click) or not (several). A muted page does
 * not click (followRoomSounds), and says so.
 */
export function TestSoundSection({ player }: { player: PlayerModel }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<Said>(null);
  const silent = isSilent(usePlayerSettings());
  const play = () => {
    if (busy) return;
    setBusy(true);
    player.unlock();
    callMutation('player.testSound', { roomId: player.roomId, ...player.pass })
      .then(
        () => setSaid({ kind: 'asked' }),
        (error: unknown) =>
          setSaid({ kind: 'failed', text: errorText(error, 'player.testSound.failed') }),
      )
      .finally(() => setBusy(false));
  };
  return (
    <PopoverSection title={t('player.testSound.title')}>
      <Button size="sm" onClick={play} busy={busy}>
        {t('player.testSound.play')}
      </Button>
      <p className="room-sound__note" role="status">
        {said?.kind === 'failed'
          ? said.text
          : t(said ? 'player.testSound.listen' : 'player.testSound.hint')}
      </p>
      {silent && <p className="room-sound__note">{t('player.testSound.muted')}</p>}
    </PopoverSection>
  );
}
