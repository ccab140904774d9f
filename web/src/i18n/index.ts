import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@music-rooms/domain/limits';
import type en from './locales/en.json';
import { localeCookie } from './language';

type Messages = typeof en;

// Each language is its own chunk: a visitor downloads only the one they read.
const loaders: Record<Language, () => Promise<{ default: Messages }>> = {
  en: () => import('./locales/en.json'),
  ru: () => import('./locales/ru.json'),
};

async function ensureLoaded(language: Language) {
  if (i18next.hasResourceBundle(language, 'translation')) return;
  const messages = await loaders[language]();
  i18next.addResourceBundle(language, 'translation', messages.default);
}

/** Starts i18n in the given language; the app renders once its messages are in. */
export async function initI18n(language: Language): Promise<void> {
  const messages = await loaders[language]();
  await i18next.use(initReactI18next).init({
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    resources: { [language]: { translation: messages.default } },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  document.documentElement.lang = language;
}

/** Switches the interface language and remembers it in the locale cookie. */
export async function changeLanguage(language: Language): Promise<void> {
  rememberLanguage(language);
  if (i18next.language === language) return;
  await ensureLoaded(language);
  await i18next.changeLanguage(language);
  document.documentElement.lang = language;
}

export function rememberLanguage(language: Language): void {
  document.cookie = localeCookie(language, window.location.protocol === 'https:');
}

export function currentLanguage(): Language {
  return (LANGUAGES as readonly string[]).includes(i18next.language)
    ? (i18next.language as Language)
    : DEFAULT_LANGUAGE;
}

export { i18next };
