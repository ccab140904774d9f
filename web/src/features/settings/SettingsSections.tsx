import { useTranslation } from 'react-i18next';
import { LogIn } from 'lucide-react';
import type { SessionUser } from '@music-rooms/domain/auth';
import { Button } from '../../ui/Button';
import { openAuthDialog } from '../../app/dialogs/dialog-store';
import { SettingsSection } from './SettingsSection';
import { sectionAnchor, type SettingsSectionDef } from './settings-sections';

type SettingsSectionsProps = { sections: readonly SettingsSectionDef[]; user: SessionUser | null };

/** Every section in order; a guest gets a sign-in prompt in place of the account ones. */
export function SettingsSections({ sections, user }: SettingsSectionsProps) {
  const { t } = useTranslation();
  return (
    <div className="settings-sections">
      {!user && (
        <div className="settings-guest">
          <p>{t('settings.guestText')}</p>
          <Button
            variant="primary"
            icon={LogIn}
            onClick={() => openAuthDialog('signIn', 'required')}
          >
            {t('common.signIn')}
          </Button>
        </div>
      )}
      {sections.map((section) => (
        <SettingsSection
          key={section.id}
          id={sectionAnchor(section.id)}
          icon={section.icon}
          title={t(`settings.sections.${section.id}.title`)}
          description={t(`settings.sections.${section.id}.description`)}
        >
          {section.needsUser ? user && <section.Component user={user} /> : <section.Component />}
        </SettingsSection>
      ))}
    </div>
  );
}
