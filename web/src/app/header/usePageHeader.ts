import { useContext, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeaderSetterContext, type PageHeader } from './page-header-context';

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
