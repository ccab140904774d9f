import { useId, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../app/forms/useErrorText';
import { callMutation } from '../../../lib/api/functions';
import { useRealtimeClient } from '../../../lib/realtime/realtime-context';
import { Button } from '../../../ui/Button';
import { PopoverSection } from '../../../ui/Popover';
import { isSilent } from '../player-settings';
import { usePlayerSettings } from '../usePlayerSettings';
import type { PlayerModel } from '../usePlayer';
import { calibrateByListening, undoCalibration, type CalibrationResult } from './listen-round';
import { useMicrophoneState } from './useMicrophoneState';
import '../room-sounds/room-sounds.css';

type Shown =
  | CalibrationResult
  | { kind: 'settling' }
  | { kind: 'listening' }
  | { kind: 'failed'; text: string }
  | null;

/** What the control says of a result (the keys of `player.calibration`). */
function resultText(t: TFunction, shown: Shown): string | null {
  if (!shown) return null;
  switch (shown.kind) {
    case 'corrected': {
      const ms = Math.round(Math.abs(shown.latenessMs));
      return t(shown.latenessMs >= 0 ? 'player.calibration.late' : 'player.calibration.early', {
        ms,
      });
    }
    case 'notHeard':
      return t(`player.calibration.notHeard.${shown.whose}`);
    case 'failed':
      return shown.text;
    default:
      return t(`player.calibration.${shown.kind}`);
  }
}

/**
 * "Calibrate by listening": this device listens through its microphone while the room's devices
 * in sync chirp one after another, and corrects its own output delay by how late it sounded.
 * Without a microphone the control says so; a refused permission is explained, and the delay
 * can still be set by hand. A muted page cannot take part: its own chirp must be heard; nor can
 * any while nothing plays, as only the devices that play in sync chirp.
 */
export function CalibrateSection({ player }: { player: PlayerModel }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const client = useRealtimeClient();
  const microphone = useMicrophoneState();
  const [shown, setShown] = useState<Shown>(null);
  const saidId = useId();
  const listening = shown?.kind === 'listening' || shown?.kind === 'settling';
  const noMicrophone = microphone === 'none' || microphone === 'unsupported';
  const silent = isSilent(usePlayerSettings());
  const playing = player.view?.state.playing ?? false;
  const cannot = noMicrophone || silent || !playing;

  const calibrate = () => {
    if (listening || cannot) return;
    player.unlock();
    setShown({ kind: 'listening' });
    calibrateByListening({
      output: player.engine,
      outputSettling: () => player.engine.outputSettling(),
      onSettling: (settling) => setShown({ kind: settling ? 'settling' : 'listening' }),
      localTimeOf: (serverMs) => player.clock.localTimeOf(serverMs),
      askForRound: () => {
        const socketId = client.socketId;
        if (!socketId) return Promise.reject(new Error('The realtime connection is not open'));
        return callMutation('player.calibrate', {
          roomId: player.roomId,
          socketId,
          ...player.pass,
        });
      },
    }).then(setShown, (error: unknown) =>
      setShown({ kind: 'failed', text: errorText(error, 'player.calibration.failed') }),
    );
  };

  const said = noMicrophone
    ? t(`player.calibration.${microphone}`)
    : silent && !listening
      ? t('player.calibration.muted')
      : (resultText(t, shown) ??
        t(playing ? 'player.calibration.hint' : 'player.calibration.needsMusic'));
  return (
    <PopoverSection title={t('player.calibration.title')}>
      <div className="room-sound__actions">
        <Button
          size="sm"
          onClick={calibrate}
          busy={listening}
          disabled={cannot}
          aria-describedby={saidId}
        >
          {listening ? t('player.calibration.listening') : t('player.calibration.start')}
        </Button>
        {shown?.kind === 'corrected' && (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => {
              undoCalibration(shown.output, shown.previous);
              setShown(null);
            }}
          >
            {t('player.calibration.undo')}
          </Button>
        )}
      </div>
      <p className="room-sound__note" id={saidId} role="status">
        {said}
      </p>
    </PopoverSection>
  );
}
