import { useState, type ReactNode } from 'react';
import {
  PageHeaderSetterContext,
  PageHeaderStateContext,
  type PageHeader,
} from './page-header-context';

type PageHeaderProviderProps = { children: ReactNode };

export function PageHeaderProvider({ children }: PageHeaderProviderProps) {
  const [header, setHeader] = useState<PageHeader | null>(null);
  return (
    <PageHeaderSetterContext.Provider value={setHeader}>
      <PageHeaderStateContext.Provider value={header}>{children}</PageHeaderStateContext.Provider>
    </PageHeaderSetterContext.Provider>
  );
}
