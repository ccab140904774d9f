import path from 'node:path';
import { fileURLToPath } from 'node:url';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Libraries the web app replaces with small modules of its own, for the build, the dev server
 * and the tests alike. Their types still come from the packages.
 */
export const webAliases = [
  // The components' `useTranslation` over the app's translator (src/i18n/translator.ts):
  // i18next and react-i18next themselves stay out of the download.
  { find: /^react-i18next$/, replacement: path.join(web, 'src/i18n/react-i18next.ts') },
];
