import { createContext, type ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';

/** What a page shows in the header. */
export type PageHeader = {
  title: string;
  icon?: LucideIcon;
  /** The favourite-button slot, next to the title (the room page fills it). */
  favourite?: ReactNode;
};

/** Two contexts: pages only set the header, so they do not re-render when it changes. */
export const PageHeaderStateContext = createContext<PageHeader | null>(null);
export const PageHeaderSetterContext = createContext<(header: PageHeader | null) => void>(() => {});
