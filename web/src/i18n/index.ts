import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@music-rooms/domain/limits';
import { localeCookie } from './language';
import type { MessagePart } from './message-parts';
import { translator as i18next, type Messages } from './translator';

type Loader = () => Promise<{ default: Messages }>;

const nothingMore: Loader = async () => ({ default: {} });

/**
 * Each language is its own chunk: a visitor downloads only the one they read. The production
 * build splits it in two (message-parts.ts): what the first page shows comes with it, the rest
 * when another page or a dialog first loads. The dev server and tests read the whole file.
 */
const loaders: Record<Language, Record<MessagePart, Loader>> = import.meta.env.PROD
  ? {
      en: {
        first: () => import('./locales/en.json?part=first'),
        rest: () => import('./locales/en.json?part=rest'),
      },
      ru: {
        first: () => import('./locales/ru.json?part=first'),
        rest: () => import('./locales/ru.json?part=rest'),
      },
    }
  : {
      en: { first: () => import('./locales/en.json'), rest: nothingMore },
      ru: { first: () => import('./locales/ru.json'), rest: nothingMore },
    };

const allLoaded = new Map<Language, Promise<void>>();

let markStarted: () => void = () => {};
/** Settles once initI18n has chosen the language (the router may ask for pages before). */
const started = new Promise<void>((resolve) => {
  markStarted = resolve;
});

/**
 * Loads the rest of the messages of the current language (once): pages other than home and the
 * dialogs wait for it, next to their own code. A failed load is tried again by the next caller.
 */
export async function loadAllMessages(): Promise<void> {
  await started;
  return loadRest(currentLanguage());
}

function loadRest(language: Language): Promise<void> {
  const known = allLoaded.get(language);
  if (known) return known;
  const loading = loaders[language].rest().then(({ default: messages }) => {
    i18next.addResourceBundle(language, 'translation', messages, true, false);
  });
  loading.catch(() => allLoaded.delete(language));
  allLoaded.set(language, loading);
  return loading;
}

async function ensureLoaded(language: Language) {
  const all = loadRest(language);
  if (!i18next.hasResourceBundle(language, 'translation')) {
    const messages = await loaders[language].first();
    i18next.addResourceBundle(language, 'translation', messages.default, true, false);
  }
  await all;
}

/** Starts i18n in the given language; the app renders once its first messages are in. */
export async function initI18n(language: Language): Promise<void> {
  const messages = await loaders[language].first();
  i18next.init({
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    resources: { [language]: messages.default },
  });
  document.documentElement.lang = language;
  markStarted();
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
