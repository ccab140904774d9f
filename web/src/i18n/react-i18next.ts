import { useSyncExternalStore } from 'react';
import { translator, type Values } from './translator';

/**
 * What `import { useTranslation } from 'react-i18next'` gives in this app (an alias in
 * web/vite/aliases.ts): the same hook over the app's own translator. Type-checking still uses
 * the package's types, so keys stay checked against en.json; its code stays out of the bundle.
 */

type Translation = { t: (key: string, values?: Values) => string; i18n: typeof translator };

/** A new `t` whenever the language changes or messages arrive: components render again. */
let translation: Translation = create();

function create(): Translation {
  return { t: (key, values) => translator.t(key, values), i18n: translator };
}

const renew = () => {
  translation = create();
};
translator.on('languageChanged', renew);
translator.on('added', renew);

function subscribe(listener: () => void): () => void {
  translator.on('languageChanged', listener);
  translator.on('added', listener);
  return () => {
    translator.off('languageChanged', listener);
    translator.off('added', listener);
  };
}

const snapshot = () => translation;

/** `t` in the current language, and the translator (`i18n.language`, `i18n.exists`). */
export function useTranslation(): Translation & { ready: true } {
  const { t, i18n } = useSyncExternalStore(subscribe, snapshot, snapshot);
  return { t, i18n, ready: true };
}
