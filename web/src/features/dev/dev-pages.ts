import {
  AudioWaveform,
  Bell,
  Copy,
  DatabaseZap,
  Globe,
  HardDrive,
  Music,
  Music2,
  Scissors,
  Search,
  SearchCheck,
  Shapes,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { DEV_PAGES } from '@music-rooms/domain/routes';

export type DevPage = (typeof DEV_PAGES)[number];

export function isDevPage(value: string | undefined): value is DevPage {
  return (DEV_PAGES as readonly (string | undefined)[]).includes(value);
}

export const DEV_PAGE_ICONS: Record<DevPage, LucideIcon> = {
  notices: Bell,
  'debug-r2': HardDrive,
  duplicates: Copy,
  's3-cors-test': Globe,
  'audio-normalize': AudioWaveform,
  'debug-migration': DatabaseZap,
  'track-parser-test': Scissors,
  'yandex-music-test': Music,
  'yandex-music-test-v2': Music2,
  'spotify-search-test': Search,
  'spotify-find-track-test': SearchCheck,
  'artist-search-comparison': Users,
  'ui-components': Shapes,
};
