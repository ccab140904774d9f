import { useEffect, useState } from 'react';
import { ArrowUp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@music-rooms/domain/limits';
import { Tooltip } from '../../ui/Tooltip';
import './scroll-to-top.css';

/** Appears once the page is scrolled past LIMITS.scrollToTopThresholdPx and brings it back up. */
export function ScrollToTopButton() {
  const { t } = useTranslation();
  const visible = useScrolledPast(LIMITS.scrollToTopThresholdPx);
  if (!visible) return null;

  const scrollUp = () => {
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: 0, behavior: reduced ? 'auto' : 'smooth' });
  };

  return (
    <Tooltip content={t('scrollToTop')} side="left">
      <button
        type="button"
        className="scroll-to-top"
        aria-label={t('scrollToTop')}
        onClick={scrollUp}
      >
        <ArrowUp aria-hidden size={20} strokeWidth={2.4} />
      </button>
    </Tooltip>
  );
}

/** Whether the page is scrolled down more than `threshold` pixels. */
function useScrolledPast(threshold: number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const update = () => setPast(window.scrollY > threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  return past;
}
