import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListMusic } from 'lucide-react';
import { ROOM_ROLES } from '@music-rooms/domain/roles';
import { Alert } from '../../../ui/Alert';
import { Avatar, type AvatarSize } from '../../../ui/Avatar';
import { EmptyState } from '../../../ui/EmptyState';
import { Panel } from '../../../ui/Panel';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../ui/Tabs';
import { RoleBadge } from '../../rooms/list/RoleBadge';
import { RoomCard } from '../../rooms/list/RoomCard';
import { RoomMarkers } from '../../rooms/list/RoomMarkers';
import { UploadItemRow } from '../../tracks/UploadItemRow';
import type { UploadItem } from '../../tracks/upload-queue';
import { demoPeople, demoRoomSummary } from './demo-data';

const AVATAR_SIZES: readonly AvatarSize[] = ['sm', 'md', 'lg', 'xl'];

/** Tabs, the upload progress bar, badges and avatars. */
export function DisplayDemo() {
  const { t } = useTranslation();
  const [tab, setTab] = useState('first');
  return (
    <Panel title={t('dev.uiDemo.display')}>
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList aria-label={t('dev.uiDemo.tabs')}>
          {(['first', 'second', 'third'] as const).map((value) => (
            <TabsTrigger key={value} value={value}>
              {t(`dev.uiDemo.tab.${value}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        {(['first', 'second', 'third'] as const).map((value) => (
          <TabsContent key={value} value={value}>
            <p className="ui-demo__note">
              {t('dev.uiDemo.tabText', { tab: t(`dev.uiDemo.tab.${value}`) })}
            </p>
          </TabsContent>
        ))}
      </Tabs>
      <ul className="ui-demo__uploads">
        {[0.35, 0.8].map((share) => (
          <UploadItemRow
            key={share}
            item={demoUpload(share)}
            display={{ kind: 'uploading' }}
            onCancel={() => {}}
          />
        ))}
      </ul>
      <div className="ui-demo__row">
        {ROOM_ROLES.map((role) => (
          <RoleBadge key={role} role={role} />
        ))}
        <RoleBadge role="requested" />
        <RoomMarkers room={{ hasPassword: true, visibility: 'hidden', myRole: null }} />
      </div>
      <div className="ui-demo__row">
        {AVATAR_SIZES.map((size, index) => {
          const person = demoPeople[index % demoPeople.length]!;
          return <Avatar key={size} name={person.name} avatar={person.avatar} size={size} />;
        })}
      </div>
    </Panel>
  );
}

/** Cards: a room card, the three alert tones and an empty state. */
export function CardsDemo() {
  const { t } = useTranslation();
  return (
    <Panel title={t('dev.uiDemo.cards')}>
      <ul className="room-grid ui-demo__cards">
        <li>
          <RoomCard room={demoRoomSummary} author={demoPeople[0]} members={demoPeople} />
        </li>
      </ul>
      <Alert tone="info">{t('dev.uiDemo.alertInfo')}</Alert>
      <Alert tone="success">{t('dev.uiDemo.alertSuccess')}</Alert>
      <Alert tone="error">{t('dev.uiDemo.alertError')}</Alert>
      <EmptyState
        icon={ListMusic}
        title={t('dev.uiDemo.emptyTitle')}
        text={t('dev.uiDemo.emptyText')}
      />
    </Panel>
  );
}

function demoUpload(share: number): UploadItem {
  const size = 8_400_000;
  return {
    key: `demo-${share}`,
    fileName: share < 0.5 ? 'Кино - Группа крови.mp3' : 'M83 - Midnight City.flac',
    size,
    lastModified: 0,
    uploadUrl: null,
    file: null,
    phase: 'uploading',
    sent: Math.round(size * share),
    bytesPerSecond: 1_200_000,
    error: null,
    uploadId: null,
    playlistId: null,
    resumed: false,
  };
}
