import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { devTrackMediaPath, type DevLoudnessTrack } from '@music-rooms/domain/dev-tracks';
import { Panel } from '../../../ui/Panel';
import { Switch } from '../../../ui/Switch';
import { formatDb, playerGainDb } from './gain';

type Graph = { context: AudioContext; gain: GainNode };

/**
 * Plays a track through a gain node of its own, with the player's normalization gain or
 * without it; the switch changes the gain in place, so the two are heard back to back.
 */
export function LoudnessPreview({ track }: { track: DevLoudnessTrack }) {
  const { t } = useTranslation();
  const audio = useRef<HTMLAudioElement>(null);
  const graph = useRef<Graph | null>(null);
  const [normalized, setNormalized] = useState(true);
  const gainDb = playerGainDb(track.loudnessLufs);
  const applied = normalized ? gainDb : 0;

  // The element feeds the graph once it first plays (an AudioContext needs a gesture).
  const connect = () => {
    if (!graph.current && audio.current) {
      const context = new AudioContext();
      const gain = context.createGain();
      context.createMediaElementSource(audio.current).connect(gain).connect(context.destination);
      graph.current = { context, gain };
    }
    void graph.current?.context.resume();
  };
  useEffect(() => {
    if (graph.current) graph.current.gain.gain.value = 10 ** (applied / 20);
  });
  useEffect(() => () => void graph.current?.context.close(), []);

  return (
    <Panel title={t('dev.loudness.previewTitle', { title: track.title })}>
      <audio
        ref={audio}
        className="dev-audio"
        controls
        preload="none"
        crossOrigin="anonymous"
        src={devTrackMediaPath(track.id, 'audio')}
        onPlay={connect}
        aria-label={t('dev.loudness.preview')}
      />
      <Switch
        label={t('dev.loudness.applyGain')}
        description={t('dev.loudness.gainOf', { gain: formatDb(gainDb) })}
        checked={normalized}
        onChange={setNormalized}
      />
      <p className="dev-muted" data-gain-db={applied.toFixed(2)}>
        {normalized
          ? t('dev.loudness.hearingWith', { gain: formatDb(gainDb) })
          : t('dev.loudness.hearingWithout')}
      </p>
    </Panel>
  );
}
