import { useContext } from 'react';
import { PageHeaderStateContext, type PageHeader } from './page-header-context';

/** The header the current page asked for (null before a page set one). */
export function usePageHeaderState(): PageHeader | null {
  return useContext(PageHeaderStateContext);
}
