import { useTranslation } from 'react-i18next';
import { DoorOpen, LogIn, Radio } from 'lucide-react';
import { EmptyState } from '../../ui/EmptyState';
import { Panel } from '../../ui/Panel';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/Tabs';
import { Button } from '../../ui/Button';
import { openAuthDialog } from '../dialogs/dialog-store';
import { useViewer } from '../session/useViewer';

/** The room list of the home page: all public rooms, and the viewer's own. */
export function RoomsSection() {
  const { t } = useTranslation();
  const user = useViewer();
  return (
    <Tabs defaultValue="all">
      <Panel
        title={t('home.rooms.heading')}
        aside={
          <TabsList aria-label={t('home.rooms.heading')}>
            <TabsTrigger value="all">{t('home.rooms.all')}</TabsTrigger>
            <TabsTrigger value="mine">{t('home.rooms.mine')}</TabsTrigger>
          </TabsList>
        }
      >
        <TabsContent value="all">
          <EmptyState
            icon={Radio}
            title={t('home.rooms.emptyTitle')}
            text={t('home.rooms.emptyText')}
          />
        </TabsContent>
        <TabsContent value="mine">
          {user ? (
            <EmptyState
              icon={DoorOpen}
              title={t('home.rooms.mineEmptyTitle')}
              text={t('home.rooms.mineEmptyText')}
            />
          ) : (
            <EmptyState
              icon={LogIn}
              title={t('home.rooms.guestTitle')}
              text={t('home.rooms.guestText')}
            >
              <Button variant="primary" onClick={() => openAuthDialog('signIn')}>
                {t('common.signIn')}
              </Button>
            </EmptyState>
          )}
        </TabsContent>
      </Panel>
    </Tabs>
  );
}
