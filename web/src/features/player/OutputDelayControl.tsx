import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PopoverSection } from '../../ui/Popover';
import { OUTPUT_DELAY_MAX_MS, OUTPUT_DELAY_MIN_MS, clampOutputDelay } from './output-delay';
import type { PlayerModel } from './usePlayer';
import { useOutputDelay } from './useOutputDelay';

const isNumber = (text: string) => text.trim() !== '' && Number.isFinite(Number(text));

/**
 * "This device's output delay": what a Bluetooth speaker, a receiver or a DAC adds that the
 * browser does not see, set with a slider or typed; kept for this audio output in this browser.
 */
export function OutputDelayControl({ player }: { player: PlayerModel }) {
  const { t } = useTranslation();
  const id = useId();
  const delay = useOutputDelay(player.engine);
  // What is being typed, until the field is left: "", "-" or "1" on the way to "150".
  const [draft, setDraft] = useState<string | null>(null);
  const setMs = (ms: number) => delay.set({ ms: clampOutputDelay(ms), source: 'manual' });
  const type = (text: string) => {
    setDraft(text);
    if (isNumber(text)) setMs(Number(text));
  };
  // The draft gives way once the value changes otherwise (the slider, tapping along).
  const shown =
    draft !== null && (!isNumber(draft) || clampOutputDelay(Number(draft)) === delay.ms)
      ? draft
      : String(delay.ms);
  const label = t('player.outputDelay.label');
  return (
    <PopoverSection>
      <div className="output-delay">
        <label className="output-delay__label" htmlFor={`${id}-ms`}>
          {label}
        </label>
        <div className="output-delay__controls">
          <input
            type="range"
            className="output-delay__slider"
            aria-label={label}
            aria-describedby={`${id}-help`}
            min={OUTPUT_DELAY_MIN_MS}
            max={OUTPUT_DELAY_MAX_MS}
            step={1}
            value={delay.ms}
            onChange={(event) => setMs(Number(event.currentTarget.value))}
          />
          <input
            id={`${id}-ms`}
            type="number"
            className="field__input output-delay__number"
            aria-describedby={`${id}-help`}
            min={OUTPUT_DELAY_MIN_MS}
            max={OUTPUT_DELAY_MAX_MS}
            step={1}
            value={shown}
            onChange={(event) => type(event.currentTarget.value)}
            onBlur={() => setDraft(null)}
          />
          <span className="output-delay__unit" aria-hidden>
            {t('player.outputDelay.unit')}
          </span>
        </div>
        <p className="output-delay__help" id={`${id}-help`}>
          {t('player.outputDelay.help')}
          {delay.ms !== 0 && ` ${t(`player.outputDelay.source.${delay.source}`)}`}
        </p>
      </div>
    </PopoverSection>
  );
}
