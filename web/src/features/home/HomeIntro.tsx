import { useTranslation } from 'react-i18next';
import { ListMusic, ShieldCheck, Sparkles, Timer } from 'lucide-react';
import { Equalizer } from './Equalizer';
import { FeatureCard } from './FeatureCard';

type HomeIntroProps = { headingLevel?: 1 | 2 };

/** What Music Rooms is, in a sentence and three points: the top of the home page for a guest. */
export function HomeIntro({ headingLevel = 1 }: HomeIntroProps) {
  const { t } = useTranslation();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const titleId = headingLevel === 1 ? 'hero-title' : 'hero-intro-title';
  return (
    <section className="hero" aria-labelledby={titleId}>
      <div className="hero__top">
        <div className="hero__copy">
          <p className="hero__eyebrow">
            <Sparkles aria-hidden size={15} />
            {t('home.eyebrow')}
          </p>
          <Heading id={titleId} className="hero__title">
            {t('home.heading')}
          </Heading>
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
