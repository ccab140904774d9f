import { useTranslation } from 'react-i18next';
import { usePageHeader } from '../app/header/usePageHeader';
import { HomeHero } from '../features/home/HomeHero';
import { RoomsSection } from '../features/rooms/list/RoomsSection';

/** Home: what the product is, and the list of rooms. */
export function HomePage() {
  const { t } = useTranslation();
  usePageHeader({ title: t('home.title') });
  return (
    <>
      <HomeHero />
      <RoomsSection />
    </>
  );
}
