import 'i18next';
import type en from './locales/en.json';

// Translation keys are checked against the English file: a misspelt key does not compile.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}
