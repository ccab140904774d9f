import { useTranslation } from 'react-i18next';
import { LogIn } from 'lucide-react';
import { Button } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { Panel } from '../../../ui/Panel';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../ui/Tabs';
import { openAuthDialog } from '../../../app/dialogs/dialog-store';
import { useSession } from '../../../app/session/useSession';
import { CreateRoomButton } from './CreateRoomButton';
import { RoomList } from './RoomList';
import { RoomListToolbar } from './RoomListToolbar';
import { useRoomListParams, type RoomListTab } from './useRoomListParams';
import './rooms.css';

/** The room list of the home page: all rooms, and the viewer's own; search, sort, favourites. */
export function RoomsSection() {
  const { t } = useTranslation();
  const { user, loading } = useSession();
  const { params, update } = useRoomListParams();
  const guestOnMine = params.tab === 'mine' && !user;
  return (
    <Tabs value={params.tab} onValueChange={(tab) => update({ tab: tab as RoomListTab })}>
      <Panel
        title={t('home.rooms.heading')}
        aside={
          <div className="rooms-head">
            <TabsList aria-label={t('home.rooms.heading')}>
              <TabsTrigger value="all">{t('home.rooms.all')}</TabsTrigger>
              <TabsTrigger value="mine">{t('home.rooms.mine')}</TabsTrigger>
            </TabsList>
            <CreateRoomButton className="rooms-head__create" />
          </div>
        }
      >
        {!guestOnMine && <RoomListToolbar params={params} update={update} />}
        <TabsContent value="all">
          <RoomList params={params} userId={user?.id ?? null} />
        </TabsContent>
        <TabsContent value="mine">
          {user ? (
            <RoomList params={params} userId={user.id} />
          ) : (
            !loading && (
              <EmptyState
                icon={LogIn}
                title={t('home.rooms.guestTitle')}
                text={t('home.rooms.guestText')}
              >
                <Button variant="primary" onClick={() => openAuthDialog('signIn')}>
                  {t('common.signIn')}
                </Button>
              </EmptyState>
            )
          )}
        </TabsContent>
      </Panel>
    </Tabs>
  );
}
