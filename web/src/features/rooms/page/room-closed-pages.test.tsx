// @vitest-environment jsdom
import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { RoomPreview, RoomUsersResult } from '@music-rooms/domain/rooms';
import { PasswordGate } from './PasswordGate';
import { RoomUnavailable } from './RoomUnavailable';
import { RoomUsersView } from '../users/RoomUsersView';
import { member, publicUser, roomAs, sessionUser } from '../room-fixtures.test-support';
import { renderInApp, setupComponentTests } from '../../../app/shell/render-app.test-support';

setupComponentTests();

const preview = (overrides: Partial<RoomPreview> = {}): RoomPreview => ({
  name: 'Vault',
  visibility: 'public',
  hasPassword: true,
  author: publicUser('Olga'),
  ...overrides,
});

const inRouter = (ui: ReactElement, path = '/room/vault') =>
  renderInApp(<MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>, { user: null });

describe('a room one may not enter yet (spec §2 Password gate; §4 invite-only)', () => {
  it('the gate shows what the card shows (markers, owner) and the way back to the rooms', () => {
    inRouter(<PasswordGate unlock={vi.fn()} preview={preview({ visibility: 'hidden' })} />);
    expect(screen.getByRole('heading', { name: 'Enter the room password' })).toBeVisible();
    expect(screen.getByText('Created by Olga')).toBeVisible();
    expect(screen.getByLabelText('Protected by a password')).toBeVisible();
    expect(screen.getByLabelText('Only people with the link can find this room')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to the rooms' })).toHaveAttribute('href', '/');
  });

  it('keeps the locale of the address on the way back', () => {
    inRouter(<PasswordGate unlock={vi.fn()} preview={null} />, '/ru/room/vault');
    expect(screen.getByRole('link', { name: 'Back to the rooms' })).toHaveAttribute('href', '/ru/');
    expect(screen.queryByText(/Created by/)).toBeNull();
  });

  it('the invite-only page names the owner and marks the room unavailable', () => {
    inRouter(
      <RoomUnavailable preview={preview({ visibility: 'inviteOnly', hasPassword: false })} />,
    );
    expect(screen.getByText('This room is invite-only')).toBeVisible();
    expect(screen.getByText('Created by Olga')).toBeVisible();
    expect(screen.getByText('Unavailable')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to the rooms' })).toBeVisible();
  });
});

describe('a refused request in the users modal', () => {
  it('tells an admin why the owner’s refusal is not theirs to reverse, and offers nothing', () => {
    const users: RoomUsersResult = {
      members: [member('Olga', { role: 'owner', manageable: false })],
      requests: [
        member('Carol', {
          role: 'rejected',
          manageable: false,
          refusal: 'rooms.errors.rejectedByOwner',
        }),
        member('Kim', { role: 'requested' }),
      ],
    };
    renderInApp(
      <RoomUsersView
        room={roomAs('admin')}
        users={{ status: 'value', value: users }}
        onClose={() => {}}
      />,
      { user: sessionUser('Mia') },
    );
    const requests = within(screen.getByRole('region', { name: 'Access requests' }));
    const carol = within(requests.getByText('Carol').closest('li')!);
    expect(
      carol.getByText('The room owner refused this person: only the owner can let them in.'),
    ).toBeVisible();
    expect(carol.getByText('Denied')).toBeVisible();
    expect(carol.queryByRole('button')).toBeNull();
    const kim = within(requests.getByText('Kim').closest('li')!);
    expect(kim.getByRole('button', { name: 'Approve' })).toBeEnabled();
  });
});
