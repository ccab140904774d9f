// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SessionUser } from '@music-rooms/domain/auth';
import type { AccessRequestStatus, RoomUserRole } from '@music-rooms/domain/rooms';
import { RequestAccess } from './RequestAccess';
import {
  answerFunctions,
  deferred,
  type FunctionAnswer,
} from '../../../lib/api/function-calls.test-support';
import { roomId, sessionUser } from '../room-fixtures.test-support';
import { renderInApp, setupComponentTests } from '../../../app/shell/render-app.test-support';

setupComponentTests();

const ROOM = roomId('room-1');
const stranger = sessionUser('Nina');

function showCard(myRole: RoomUserRole | null, user: SessionUser | null = stranger) {
  return renderInApp(<RequestAccess roomId={ROOM} myRole={myRole} />, { user });
}

/** The server answers rooms.requestAccess with this status. */
function answerRequest(status: AccessRequestStatus) {
  return answerFunctions({ 'rooms.requestAccess': () => ({ value: { status } }) });
}

describe('RequestAccess (the room page for someone without a role)', () => {
  it('shows nothing while it is not yet known who is signed in', () => {
    vi.stubGlobal('fetch', () => new Promise<Response>(() => {}));
    const { container } = renderInApp(<RequestAccess roomId={ROOM} myRole={null} />);
    expect(container).toHaveTextContent(/^$/);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('asks a guest to sign in, not to request access', () => {
    showCard(null, null);
    expect(screen.getByText('Sign in to join in')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Request access' })).toBeNull();
  });

  it('sends a stranger’s request, holds the button meanwhile, then shows it awaiting approval', async () => {
    const answer = deferred<FunctionAnswer>();
    const calls = answerFunctions({ 'rooms.requestAccess': () => answer.promise });
    showCard(null);
    expect(screen.getByText('Want to take part?')).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Request access' }));
    const sending = screen.getByRole('button', { name: 'Sending…' });
    expect(sending).toHaveAttribute('aria-disabled', 'true');
    expect(calls).toEqual([{ path: 'rooms.requestAccess', args: { roomId: 'room-1' } }]);

    answer.resolve({ value: { status: 'requested' } });
    expect(await screen.findByText('Awaiting approval')).toBeVisible();
    expect(screen.getByText('Your request was sent. The owner decides who joins.')).toBeVisible();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('tells someone who had asked before that the request is already pending', async () => {
    answerRequest('alreadyRequested');
    showCard(null);
    await userEvent.click(screen.getByRole('button', { name: 'Request access' }));
    expect(await screen.findByText('Already requested')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Request access' })).toBeNull();
  });

  it('shows a request the owner turned down as denied, with no way to ask again', async () => {
    answerRequest('rejected');
    showCard(null);
    await userEvent.click(screen.getByRole('button', { name: 'Request access' }));
    expect(await screen.findByText('Denied')).toBeVisible();
    expect(screen.getByText('The owner declined your request to join this room.')).toBeVisible();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('opens on "Awaiting approval" when the request is already on record', () => {
    showCard('requested');
    expect(screen.getByText('Awaiting approval')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Request access' })).toBeNull();
  });

  it('opens on "Denied" when the owner has rejected the request', () => {
    showCard('rejected');
    expect(screen.getByText('Denied')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Request access' })).toBeNull();
  });

  it('says why a request failed and lets the person try again', async () => {
    answerFunctions({ 'rooms.requestAccess': () => ({ refusal: 'rooms.errors.forbidden' }) });
    showCard(null);
    await userEvent.click(screen.getByRole('button', { name: 'Request access' }));

    expect(await screen.findByText('Error requesting access')).toBeVisible();
    expect(screen.getByText('You do not have access to this room.')).toBeVisible();
    const again = screen.getByRole('button', { name: 'Request access' });
    expect(again).not.toHaveAttribute('aria-disabled');
  });
});
