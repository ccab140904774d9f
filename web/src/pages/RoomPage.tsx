import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ListMusic } from 'lucide-react';
import { usePageHeader } from '../features/header/usePageHeader';
import { EmptyState } from '../ui/EmptyState';
import { PageHeading } from '../ui/PageHeading';
import { Panel } from '../ui/Panel';

/** A room: its shared playlist and player. */
export function RoomPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  usePageHeader({ title: t('room.title'), icon: ListMusic });
  return (
    <>
      <PageHeading title={t('room.title')} intro={t('room.intro')}>
        <p className="page-meta">
          <span className="page-meta__label">{t('room.address')}</span>
          <code className="page-meta__value">room/{id}</code>
        </p>
      </PageHeading>
      <Panel title={t('room.playlist')}>
        <EmptyState icon={ListMusic} title={t('room.emptyTitle')} text={t('room.emptyText')} />
      </Panel>
    </>
  );
}
