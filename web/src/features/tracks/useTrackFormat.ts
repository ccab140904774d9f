import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes, formatClock, secondsLeft } from './format';

/** The list's and the upload panel's numbers in the current language. */
export function useTrackFormat() {
  const { t, i18n } = useTranslation();
  return useMemo(() => {
    const units = {
      B: t('tracks.units.B'),
      KB: t('tracks.units.KB'),
      MB: t('tracks.units.MB'),
      GB: t('tracks.units.GB'),
    };
    const bytes = (value: number) => formatBytes(value, i18n.language, units);
    return {
      clock: formatClock,
      bytes,
      speed: (bytesPerSecond: number) => t('tracks.upload.speed', { size: bytes(bytesPerSecond) }),
      timeLeft: (sent: number, total: number, bytesPerSecond: number) => {
        const seconds = secondsLeft(sent, total, bytesPerSecond);
        return seconds === null
          ? t('tracks.upload.estimating')
          : t('tracks.upload.timeLeft', { time: formatClock(seconds * 1000) });
      },
      date: (ms: number) =>
        new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
          ms,
        ),
    };
  }, [t, i18n.language]);
}
