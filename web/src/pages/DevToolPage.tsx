import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Wrench } from 'lucide-react';
import { DEV_TOOLS } from '../features/dev/dev-tools';
import { DEV_PAGE_ICONS, isDevPage } from '../features/dev/dev-pages';
import { usePageHeader } from '../app/header/usePageHeader';
import { PageHeading } from '../ui/PageHeading';

/** /dev/{page}: one developer tool, or a pointer back to the list for an unknown one. */
export function DevToolPage() {
  const { t } = useTranslation();
  const page = useParams()['*']?.replace(/\/+$/, '');
  const known = isDevPage(page);
  const title = known ? t(`dev.pages.${page}.title`) : t('dev.unknownTitle');
  usePageHeader({ title, icon: known ? DEV_PAGE_ICONS[page] : Wrench });
  if (!known) {
    return (
      <PageHeading title={title} intro={t('dev.unknownText', { path: `/dev/${page ?? ''}` })} />
    );
  }
  const Tool = DEV_TOOLS[page];
  return (
    <>
      <PageHeading
        eyebrow={t('dev.title')}
        title={title}
        intro={t(`dev.pages.${page}.description`)}
      />
      {Tool && <Tool />}
    </>
  );
}
