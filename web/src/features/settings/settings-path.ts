/** Where the profile and settings screen lives (also a known page in domain/routes). */
export const SETTINGS_PATH = '/settings';
