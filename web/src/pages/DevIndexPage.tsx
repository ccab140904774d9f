import { useTranslation } from 'react-i18next';
import { Wrench } from 'lucide-react';
import { DEV_PAGES } from '@music-rooms/domain/routes';
import { DevPageCard } from '../features/dev/DevPageCard';
import { usePageHeader } from '../app/header/usePageHeader';
import { PageHeading } from '../ui/PageHeading';

/** /dev: every developer page with what it is for. */
export function DevIndexPage() {
  const { t } = useTranslation();
  usePageHeader({ title: t('dev.title'), icon: Wrench });
  return (
    <>
      <PageHeading title={t('dev.title')} intro={t('dev.intro')} />
      <ul className="dev-cards">
        {DEV_PAGES.map((page) => (
          <DevPageCard key={page} page={page} />
        ))}
      </ul>
    </>
  );
}
