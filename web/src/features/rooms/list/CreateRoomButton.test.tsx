// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { SessionUser } from '@music-rooms/domain/auth';
import { APP_ROUTES } from '@music-rooms/domain/routes';
import { CreateRoomButton } from './CreateRoomButton';
import { getDialog } from '../../../app/dialogs/dialog-store';
import { deferred } from '../../../lib/api/function-calls.test-support';
import { sessionUser } from '../room-fixtures.test-support';
import { renderInApp, setupComponentTests } from '../../../app/shell/render-app.test-support';

setupComponentTests();

/** The home page's button, and the create-room page it leads to. */
function showButton(user?: SessionUser | null) {
  return renderInApp(
    <MemoryRouter initialEntries={['/']}>
      <Routes>
        <Route path="/" element={<CreateRoomButton />} />
        <Route path={APP_ROUTES.createRoom} element={<h1>Create a new room</h1>} />
      </Routes>
    </MemoryRouter>,
    { user },
  );
}

/** GET /api/_auth/session answers only when the test says so. */
function sessionAnswersLater() {
  const answer = deferred<SessionUser | null>();
  vi.stubGlobal('fetch', async () => {
    const user = await answer.promise;
    return new Response(JSON.stringify({ user }), {
      headers: { 'content-type': 'application/json' },
    });
  });
  return answer;
}

describe('CreateRoomButton (spec §6: actions that need an account)', () => {
  it('opens the create-room page for someone signed in', async () => {
    showButton(sessionUser('Ada'));
    await userEvent.click(screen.getByRole('button', { name: 'Create room' }));
    expect(screen.getByRole('heading', { name: 'Create a new room' })).toBeVisible();
    expect(getDialog()).toBeNull();
  });

  it('asks a guest to sign in, saying why, and stays', async () => {
    showButton(null);
    await userEvent.click(screen.getByRole('button', { name: 'Create room' }));
    expect(getDialog()).toEqual({ kind: 'auth', tab: 'signIn', reason: 'required' });
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it('clicked before the session answers, waits for it: a signed-in person is not asked to sign in', async () => {
    const answer = sessionAnswersLater();
    showButton();
    await userEvent.click(screen.getByRole('button', { name: 'Create room' }));
    expect(getDialog()).toBeNull();
    expect(screen.queryByRole('heading')).toBeNull();

    answer.resolve(sessionUser('Ada'));
    expect(await screen.findByRole('heading', { name: 'Create a new room' })).toBeVisible();
    expect(getDialog()).toBeNull();
  });

  it('clicked before the session answers that nobody is signed in, then asks to sign in', async () => {
    const answer = sessionAnswersLater();
    showButton();
    await userEvent.click(screen.getByRole('button', { name: 'Create room' }));
    answer.resolve(null);
    await vi.waitFor(() =>
      expect(getDialog()).toMatchObject({ tab: 'signIn', reason: 'required' }),
    );
    expect(screen.queryByRole('heading')).toBeNull();
  });
});
