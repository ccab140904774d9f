import { useTranslation } from 'react-i18next';
import { Settings } from 'lucide-react';
import { usePageHeader } from '../app/header/usePageHeader';
import { SettingsNav } from '../features/settings/SettingsNav';
import { SettingsSections } from '../features/settings/SettingsSections';
import { SETTINGS_SECTIONS } from '../features/settings/settings-sections';
import { useSession } from '../app/session/useSession';
import { PageHeading } from '../ui/PageHeading';
import '../features/settings/settings.css';

/** The profile and settings screen (spec §2): account, appearance, notifications, data, cache. */
export function SettingsPage() {
  const { t } = useTranslation();
  const { user, loading } = useSession();
  usePageHeader({ title: t('settings.title'), icon: Settings });
  const sections = SETTINGS_SECTIONS.filter((section) => user || !section.needsUser);
  return (
    <>
      <PageHeading title={t('settings.title')} intro={t('settings.intro')} />
      {!loading && (
        <div className="settings">
          <SettingsNav sections={sections} />
          <SettingsSections sections={sections} user={user} />
        </div>
      )}
    </>
  );
}
