import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, type Language } from '@music-rooms/domain/limits';
import { splitLocale } from '@music-rooms/domain/routes';
import { changeLanguage } from '../../i18n';
import { isLanguage } from '@music-rooms/domain/language';

/** The interface language and a way to change it (kept in the locale cookie). */
export function useLanguage() {
  const { i18n } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const language: Language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;

  const setLanguage = (next: Language) => {
    const { locale, path } = splitLocale(location.pathname);
    if (locale && locale !== next) {
      // On a locale-prefixed address the prefix decides: move to the same page in the new one.
      navigate(`/${next}${path}${location.search}${location.hash}`, { replace: true });
      return;
    }
    void changeLanguage(next);
  };

  return { language, setLanguage };
}

/** A locale prefix in the address (/ru/..., /en/...) sets the interface language. */
export function useLanguageFromAddress(): void {
  const { pathname } = useLocation();
  const { locale } = splitLocale(pathname);
  useEffect(() => {
    if (locale) void changeLanguage(locale);
  }, [locale]);
}
