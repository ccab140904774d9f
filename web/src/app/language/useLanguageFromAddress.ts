import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { splitLocale } from '@music-rooms/domain/routes';
import { changeLanguage } from '../../i18n';

/** A locale prefix in the address (/ru/..., /en/...) sets the interface language. */
export function useLanguageFromAddress(): void {
  const { pathname } = useLocation();
  const { locale } = splitLocale(pathname);
  useEffect(() => {
    if (locale) void changeLanguage(locale);
  }, [locale]);
}
