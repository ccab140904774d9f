import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDown } from 'lucide-react';
import { useViewer } from '../../app/session/useViewer';
import { useSession } from '../../app/session/useSession';
import { useNewAccountId } from '../../app/session/new-account';
import { HomeIntro } from './HomeIntro';
import './home.css';

/**
 * The top of the home page. A guest meets the introduction; a signed-in person has seen it, so
 * it folds into one line (the cached user decides before the session answers, so it never
 * flashes by) and their rooms come first. They can still unfold it.
 */
export function HomeHero() {
  const { t } = useTranslation();
  const viewer = useViewer();
  const isNewAccount = useIsNewAccount();
  const [unfolded, setUnfolded] = useState(false);
  if (!viewer) return <HomeIntro />;
  return (
    <>
      <section className="hero-compact" aria-labelledby="hero-title">
        <h1 id="hero-title" className="hero-compact__title">
          {isNewAccount
            ? t('home.returning.titleNew', { name: viewer.name })
            : t('home.returning.title', { name: viewer.name })}
        </h1>
        <button
          type="button"
          className="hero-compact__toggle"
          aria-expanded={unfolded}
          aria-controls="home-intro"
          onClick={() => setUnfolded((open) => !open)}
        >
          {unfolded ? t('home.returning.hideIntro') : t('home.returning.showIntro')}
          <ChevronDown aria-hidden size={16} className="hero-compact__chevron" />
        </button>
      </section>
      {unfolded && (
        <div id="home-intro">
          <HomeIntro headingLevel={2} />
        </div>
      )}
    </>
  );
}

/** Whether the person here signed up in this tab: they are welcomed, not welcomed back. */
function useIsNewAccount(): boolean {
  const newAccountId = useNewAccountId();
  const { user, loading } = useSession();
  if (newAccountId === null) return false;
  // Before the session answers, the mark of this tab is all there is to go by.
  return loading || user?.id === newAccountId;
}
