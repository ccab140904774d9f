import { useCallback } from 'react';
import { useLocation } from 'react-router';
import { splitLocale } from '@music-rooms/domain/routes';

/**
 * Turns an app path into a link that keeps the locale prefix of the current address:
 * on /ru/auth, "/" becomes "/ru/".
 */
export function useLocalePath(): (path: string) => string {
  const { pathname } = useLocation();
  const { locale } = splitLocale(pathname);
  return useCallback((path: string) => (locale ? `/${locale}${path}` : path), [locale]);
}
