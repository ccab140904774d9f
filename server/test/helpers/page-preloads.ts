import type { PagePreloads } from '@music-rooms/domain/page-preloads';

const none = { scripts: [], styles: [], messages: 'all' as const };

/**
 * Page preloads as a build writes them (web/vite/page-preloads.ts), made up: the home page with
 * one chunk and the first messages, the room page with a chunk, an icon and a style and all the
 * messages, every other page with nothing of its own.
 */
export const FAKE_PAGE_PRELOADS: PagePreloads = {
  pages: {
    home: { scripts: ['/assets/HomePage-1.js'], styles: [], messages: 'first' },
    room: {
      scripts: ['/assets/RoomPage-1.js', '/assets/x-2.js'],
      styles: ['/assets/RoomPage-1.css'],
      messages: 'all',
    },
    auth: none,
    createRoom: none,
    protected: none,
    resetPassword: none,
    verifyEmail: none,
    settings: none,
  },
  messages: {
    en: { first: '/assets/en-1.js', rest: '/assets/en-2.js' },
    ru: { first: '/assets/ru-1.js', rest: '/assets/ru-2.js' },
  },
};
