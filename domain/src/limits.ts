/**
 * Every business constant of the product specification (§9), in one place.
 * Server and web both import from here; nothing re-declares these numbers.
 */
export const LIMITS = {
  displayName: { min: 1, max: 20 },
  username: { profile: { min: 1, max: 30 }, signUp: { min: 3, max: 20 } },
  passwordMin: 6,
  roomNameMax: 50,
  profilePhoto: { maxBytes: 5 * 1024 * 1024, cropMinPx: 50, outputPx: 64, jpegQuality: 0.8 },
  trackCover: { maxBytes: 10 * 1024 * 1024, sizePx: 512 },
  newBadgeDays: 10,
  expiredTokenCleanupMs: 300_000,
  toastDefaultMs: 5000,
  profileDialogCloseMs: 1500,
  scrollToTopThresholdPx: 200,
  mobileBreakpointPx: 768,
  tooltipDelayMs: 300,
  reloadGuardMs: 10_000,
  payloadPrefetchDeferralMs: 1000,
  pageTransitionWaitMs: 100,
  presenceRetentionMs: 1000,
  localeCookieDays: 365,
  signInPopup: { width: 960, height: 600 },
  /** Titles longer than this get a smaller header font. */
  headerTitleShrinkAfterChars: 17,
  /** Default for MAX_AUDIO_FILE_SIZE; the running value comes from GET /api/config. */
  defaultMaxAudioFileSize: 209_715_200,
} as const;

export const THEMES = ['light', 'dark', 'black'] as const;
export type Theme = (typeof THEMES)[number];

export const COLOR_MODES = ['system', 'light', 'dark'] as const;
export type ColorMode = (typeof COLOR_MODES)[number];

export const LANGUAGES = ['en', 'ru'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export const OAUTH_PROVIDERS = ['google', 'github', 'spotify'] as const;
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];

/** Cookie that carries the chosen interface language. */
export const LOCALE_COOKIE = 'locale';
