import { createContext, useContext, useLayoutEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { LucideIcon } from 'lucide-react';

/** What a page shows in the header. */
export type PageHeader = {
  title: string;
  icon?: LucideIcon;
  /** The favourite-button slot, next to the title (the room page fills it). */
  favourite?: ReactNode;
};

// Two contexts: pages only set the header, so they do not re-render when it changes.
const PageHeaderStateContext = createContext<PageHeader | null>(null);
const PageHeaderSetterContext = createContext<(header: PageHeader | null) => void>(() => {});

type PageHeaderProviderProps = { children: ReactNode };

/** Holds the header the current page asked for, for the app's header to show. */
export function PageHeaderProvider({ children }: PageHeaderProviderProps) {
  const [header, setHeader] = useState<PageHeader | null>(null);
  return (
    <PageHeaderSetterContext.Provider value={setHeader}>
      <PageHeaderStateContext.Provider value={header}>{children}</PageHeaderStateContext.Provider>
    </PageHeaderSetterContext.Provider>
  );
}

/** The header the current page asked for (null before a page set one). */
export function usePageHeaderState(): PageHeader | null {
  return useContext(PageHeaderStateContext);
}

/**
 * Sets the header of the current page: its title (also the document title), an optional icon
 * and what goes in the favourite slot. The header goes back to the app name when the page leaves.
 */
export function usePageHeader({ title, icon, favourite }: PageHeader): void {
  const setHeader = useContext(PageHeaderSetterContext);
  const { t } = useTranslation();
  const appName = t('app.name');

  useLayoutEffect(() => {
    setHeader({ title, icon, favourite });
  }, [setHeader, title, icon, favourite]);

  useLayoutEffect(() => () => setHeader(null), [setHeader]);

  useLayoutEffect(() => {
    document.title = title === appName ? appName : `${title} · ${appName}`;
  }, [title, appName]);
}
