import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { PopoverSection } from '../../ui/Popover';
import { TAPS_NEEDED } from './tap-along';
import { TapAlongSession } from './tap-along-session';
import { installTapAlongHook } from './test-hook';
import type { PlayerModel } from './usePlayer';
import { useOutputDelay } from './useOutputDelay';

const TEXT_FIELDS = ['INPUT', 'TEXTAREA', 'SELECT'];

/** Whether a key press on `target` types into a field (a slider takes no space bar). */
function typesText(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  return TEXT_FIELDS.includes(target.tagName) && (target as HTMLInputElement).type !== 'range';
}

/**
 * Tap along: this device clicks on the room's beat, the person taps (the button or the space
 * bar) with what they hear, and the taps' median gap is offered as the output delay.
 */
export function TapAlong({ player }: { player: PlayerModel }) {
  const { t } = useTranslation();
  const delay = useOutputDelay(player.engine);
  const [session, setSession] = useState<TapAlongSession | null>(null);
  const [taps, setTaps] = useState(0);
  const begin = () => {
    setTaps(0);
    setSession(new TapAlongSession(player.engine, () => setTaps((count) => count + 1)));
  };

  useEffect(() => {
    if (!session) return;
    session.start();
    const removeHook = installTapAlongHook(() => session.clicksHeardAt());
    // The space bar taps wherever the focus is in the page (and so plays or pauses nothing).
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== ' ' || typesText(event.target)) return;
      event.preventDefault();
      if (!event.repeat) session.tap(event.timeStamp);
    };
    document.addEventListener('keydown', onKey, true);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      removeHook();
      session.stop();
    };
  }, [session]);

  if (!session) {
    return (
      <PopoverSection title={t('player.tapAlong.title')}>
        <p className="tap-along__text">{t('player.tapAlong.intro')}</p>
        <Button size="sm" onClick={begin}>
          {t('player.tapAlong.start')}
        </Button>
      </PopoverSection>
    );
  }
  const proposal = session.proposal(delay.ms);
  const use = (ms: number) => {
    delay.set({ ms, source: 'tapped' });
    setSession(null);
  };
  return (
    <PopoverSection title={t('player.tapAlong.title')}>
      <p className="tap-along__text">{t('player.tapAlong.instructions')}</p>
      <button
        type="button"
        className="tap-along__tap"
        // Pressed, not released: the moment of the tap is what counts.
        onPointerDown={(event) => session.tap(event.timeStamp)}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          event.preventDefault();
          if (!event.repeat) session.tap(event.timeStamp);
        }}
      >
        {t('player.tapAlong.tap')}
      </button>
      <p className="tap-along__text" role="status">
        {proposal.kind === 'proposed'
          ? t('player.tapAlong.proposed', { ms: proposal.delayMs })
          : taps < TAPS_NEEDED
            ? t('player.tapAlong.count', { count: taps, needed: TAPS_NEEDED })
            : t('player.tapAlong.tooFew', { count: proposal.used, needed: TAPS_NEEDED })}
      </p>
      <div className="tap-along__actions">
        {proposal.kind === 'proposed' && (
          <Button size="sm" variant="primary" onClick={() => use(proposal.delayMs)}>
            {t('player.tapAlong.use')}
          </Button>
        )}
        <Button size="sm" onClick={begin}>
          {t('player.tapAlong.again')}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setSession(null)}>
          {t('player.tapAlong.stop')}
        </Button>
      </div>
    </PopoverSection>
  );
}
