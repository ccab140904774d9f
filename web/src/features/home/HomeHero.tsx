import { useTranslation } from 'react-i18next';
import { ListMusic, ShieldCheck, Sparkles, Timer } from 'lucide-react';
import { Equalizer } from './Equalizer';
import { FeatureCard } from './FeatureCard';
import './home.css';

/** The top of the home page: what Music Rooms is, in a sentence and three points. */
export function HomeHero() {
  const { t } = useTranslation();
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="hero__top">
        <div className="hero__copy">
          <p className="hero__eyebrow">
            <Sparkles aria-hidden size={15} />
            {t('home.eyebrow')}
          </p>
          <h1 id="hero-title" className="hero__title">
            {t('home.heading')}
          </h1>
          <p className="hero__intro">{t('home.intro')}</p>
        </div>
        <Equalizer />
      </div>
      <ul className="hero__features">
        <FeatureCard
          icon={ListMusic}
          title={t('home.features.playlist.title')}
          text={t('home.features.playlist.text')}
        />
        <FeatureCard
          icon={Timer}
          title={t('home.features.sync.title')}
          text={t('home.features.sync.text')}
        />
        <FeatureCard
          icon={ShieldCheck}
          title={t('home.features.rooms.title')}
          text={t('home.features.rooms.text')}
        />
      </ul>
    </section>
  );
}
