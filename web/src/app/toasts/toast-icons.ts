import {
  Bell,
  CircleCheck,
  CircleX,
  Download,
  Heart,
  Info,
  ListMusic,
  RefreshCw,
  TriangleAlert,
  Upload,
  type LucideIcon,
} from 'lucide-react';
import type { ToastIconName, ToastVariant } from './toast-store';

export const TOAST_ICONS: Record<ToastIconName, LucideIcon> = {
  info: Info,
  success: CircleCheck,
  warning: TriangleAlert,
  error: CircleX,
  bell: Bell,
  music: ListMusic,
  refresh: RefreshCw,
  upload: Upload,
  download: Download,
  heart: Heart,
};

/** The icon a notice shows when it names none of its own. */
export const VARIANT_ICONS: Record<ToastVariant, LucideIcon> = {
  default: Bell,
  info: Info,
  success: CircleCheck,
  warning: TriangleAlert,
  error: CircleX,
};
