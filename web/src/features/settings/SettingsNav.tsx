import { useTranslation } from 'react-i18next';
import { cx } from '../../lib/cx';
import { sectionAnchor, type SettingsSectionDef } from './settings-sections';
import { useCurrentSection } from './useCurrentSection';

type SettingsNavProps = { sections: readonly SettingsSectionDef[] };

/**
 * The list of sections beside the settings (a row of chips on a phone). The section being read
 * is marked (aria-current), as the page scrolls or when one is picked.
 */
export function SettingsNav({ sections }: SettingsNavProps) {
  const { t } = useTranslation();
  const { current, pick } = useCurrentSection(sections.map(({ id }) => sectionAnchor(id)));
  return (
    <nav className="settings-nav" aria-label={t('settings.navLabel')}>
      <ul className="settings-nav__list">
        {sections.map(({ id, icon: Icon }) => {
          const anchor = sectionAnchor(id);
          const here = current === anchor;
          return (
            <li key={id}>
              <a
                className={cx('settings-nav__link', here && 'is-current')}
                href={`#${anchor}`}
                aria-current={here ? 'location' : undefined}
                onClick={() => pick(anchor)}
              >
                <Icon aria-hidden size={16} />
                {t(`settings.sections.${id}.title`)}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
