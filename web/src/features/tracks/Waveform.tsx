import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Bars drawn, however many peaks the server measured (about a thousand). */
const BARS = 120;

type WaveformProps = { peaks: number[] };

/** The track's loudness over time, as bars (peaks are 0…255). */
export function Waveform({ peaks }: WaveformProps) {
  const { t } = useTranslation();
  const bars = useMemo(() => {
    const size = Math.max(1, peaks.length / BARS);
    return Array.from({ length: Math.min(BARS, peaks.length) }, (_, index) => {
      const slice = peaks.slice(Math.floor(index * size), Math.floor((index + 1) * size));
      return Math.max(...(slice.length > 0 ? slice : [0])) / 255;
    });
  }, [peaks]);
  const width = bars.length * 3;
  return (
    <svg
      className="waveform"
      role="img"
      aria-label={t('tracks.info.waveform')}
      viewBox={`0 0 ${width} 40`}
      preserveAspectRatio="none"
    >
      {bars.map((value, index) => {
        const height = Math.max(1.5, value * 40);
        return (
          <rect key={index} x={index * 3} y={(40 - height) / 2} width={2} height={height} rx={1} />
        );
      })}
    </svg>
  );
}
