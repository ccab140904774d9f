import { useTranslation } from 'react-i18next';
import { sectionAnchor, type SettingsSectionDef } from './settings-sections';

type SettingsNavProps = { sections: readonly SettingsSectionDef[] };

/** The list of sections beside the settings (a row of chips on a phone). */
export function SettingsNav({ sections }: SettingsNavProps) {
  const { t } = useTranslation();
  return (
    <nav className="settings-nav" aria-label={t('settings.navLabel')}>
      <ul className="settings-nav__list">
        {sections.map(({ id, icon: Icon }) => (
          <li key={id}>
            <a className="settings-nav__link" href={`#${sectionAnchor(id)}`}>
              <Icon aria-hidden size={16} />
              {t(`settings.sections.${id}.title`)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
