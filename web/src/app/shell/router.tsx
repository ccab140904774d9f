import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { LANGUAGES } from '@music-rooms/domain/limits';
import { ErrorPage } from '../../pages/ErrorPage';
import { NotFoundPage } from '../../pages/NotFoundPage';
import { loadChunk, loadChunkWithMessages } from '../build-updates/load-chunk';
import { AppLoading } from './AppLoading';
import { RootLayout } from './RootLayout';
import { StandaloneErrorPage } from './StandaloneErrorPage';

/**
 * The pages of the app (spec §2). Each loads from its own chunk, so the home page carries
 * only what it needs. To add a page: a file in pages/, one line here.
 */
function pageRoutes(): RouteObject[] {
  return [
    {
      index: true,
      lazy: lazyPage(() => import('../../pages/HomePage'), 'HomePage', { firstMessagesOnly: true }),
    },
    { path: 'room/:id', lazy: lazyPage(() => import('../../pages/RoomPage'), 'RoomPage') },
    {
      path: 'rooms/new',
      lazy: lazyPage(() => import('../../pages/CreateRoomPage'), 'CreateRoomPage'),
    },
    { path: 'auth', lazy: lazyPage(() => import('../../pages/AuthPage'), 'AuthPage') },
    {
      // The pages that read through React Query get its cache; the home page goes without it.
      lazy: lazyPage(() => import('../query-cache/QueryCacheLayout'), 'QueryCacheLayout'),
      children: [
        {
          path: 'reset-password',
          lazy: lazyPage(() => import('../../pages/ResetPasswordPage'), 'ResetPasswordPage'),
        },
        {
          path: 'verify-email',
          lazy: lazyPage(() => import('../../pages/VerifyEmailPage'), 'VerifyEmailPage'),
        },
        {
          path: 'settings',
          lazy: lazyPage(() => import('../../pages/SettingsPage'), 'SettingsPage'),
        },
      ],
    },
    {
      path: 'protected',
      lazy: lazyPage(() => import('../../pages/ProtectedPage'), 'ProtectedPage'),
    },
    {
      // Developer pages: super administrators only, everyone else gets the 404 page.
      path: 'dev',
      lazy: lazyPage(() => import('../../pages/DevLayoutPage'), 'DevLayoutPage'),
      children: [
        { index: true, lazy: lazyPage(() => import('../../pages/DevIndexPage'), 'DevIndexPage') },
        { path: '*', lazy: lazyPage(() => import('../../pages/DevToolPage'), 'DevToolPage') },
      ],
    },
    { path: '*', Component: NotFoundPage },
  ];
}

export function createAppRouter() {
  return createBrowserRouter([
    {
      Component: RootLayout,
      ErrorBoundary: StandaloneErrorPage,
      HydrateFallback: AppLoading,
      children: [
        {
          // Errors inside a page keep the header around them.
          ErrorBoundary: ErrorPage,
          children: [
            { path: '/', children: pageRoutes() },
            // The same pages under a locale prefix (/ru/..., /en/...), which sets the language.
            ...LANGUAGES.map((language) => ({ path: `/${language}`, children: pageRoutes() })),
          ],
        },
      ],
    },
  ]);
}

type LazyPageOptions = {
  /** The home page shows only messages of the first part: it does not wait for the others. */
  firstMessagesOnly?: boolean;
};

/**
 * A route's `lazy` that loads one page component from its own chunk, with all the messages of
 * the language. A chunk that fails to load (a new build replaced it) reloads the page once;
 * past the reload guard the error page shows.
 */
function lazyPage<K extends string, M extends Record<K, ComponentType>>(
  load: () => Promise<M>,
  name: K,
  { firstMessagesOnly = false }: LazyPageOptions = {},
): () => Promise<{ Component: ComponentType }> {
  return async () => {
    const module = await (firstMessagesOnly ? loadChunk(load) : loadChunkWithMessages(load));
    return { Component: module[name] };
  };
}
