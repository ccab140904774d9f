import type { ComponentType } from 'react';
import { Bell, Database, Eraser, Palette, UserRound, Wrench, type LucideIcon } from 'lucide-react';
import type { SessionUser } from '@music-rooms/domain/auth';
import { AccountSection } from './AccountSection';
import { AppearanceSection } from './AppearanceSection';
import { CacheSection } from './CacheSection';
import { DataExportSection } from './DataExportSection';
import { MaintenanceSection } from './MaintenanceSection';
import { NotificationsSection } from './NotificationsSection';

/**
 * The sections of the profile and settings screen, in order. A feature adds its own section by
 * adding an entry here and its title and description under `settings.sections.<id>`.
 */
export type SettingsSectionId =
  'account' | 'appearance' | 'notifications' | 'data' | 'cache' | 'maintenance';

export type SettingsSectionDef = { id: SettingsSectionId; icon: LucideIcon } & (
  | { needsUser: true; Component: ComponentType<{ user: SessionUser }> }
  | { needsUser: false; Component: ComponentType }
);

export const SETTINGS_SECTIONS: readonly SettingsSectionDef[] = [
  { id: 'account', icon: UserRound, needsUser: true, Component: AccountSection },
  { id: 'appearance', icon: Palette, needsUser: false, Component: AppearanceSection },
  { id: 'notifications', icon: Bell, needsUser: true, Component: NotificationsSection },
  { id: 'data', icon: Database, needsUser: true, Component: DataExportSection },
  { id: 'cache', icon: Eraser, needsUser: false, Component: CacheSection },
  { id: 'maintenance', icon: Wrench, needsUser: true, Component: MaintenanceSection },
];

/** The anchor of a section on the page (#settings-account). */
export const sectionAnchor = (id: SettingsSectionId) => `settings-${id}`;
