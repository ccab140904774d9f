// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RoomRole, RoomUsersResult } from '@music-rooms/domain/rooms';
import { FunctionCallError } from '../../../lib/api/function-call-error';
import type { LiveQueryState } from '../../../lib/realtime/live-query-registry';
import { RoomUsersView } from './RoomUsersView';
import { answerFunctions } from '../../../lib/api/function-calls.test-support';
import { member, roomAs, sessionUser } from '../room-fixtures.test-support';
import { renderInApp, setupComponentTests } from '../../../app/shell/render-app.test-support';

setupComponentTests();

const me = sessionUser('Mia');

/**
 * The room as the live query gives it to an admin, Mia: the owner, the admin who invited Mia,
 * Mia herself, and Bob, whom Mia invited (the only one she may change). The server says why
 * each of the others is out of her hands.
 */
const USERS: RoomUsersResult = {
  members: [
    member('Olga', { role: 'owner', manageable: false, refusal: 'rooms.errors.cannotChangeOwner' }),
    member('Anna', {
      role: 'admin',
      manageable: false,
      refusal: 'rooms.errors.cannotChangeInviter',
    }),
    member('Mia', { role: 'admin', manageable: false, refusal: 'rooms.errors.cannotChangeSelf' }),
    member('Bob', { invitedBy: 'user-mia' }),
  ],
  requests: [member('Kim', { role: 'requested', manageable: false })],
};

function showUsers(viewerRole: RoomRole, users: LiveQueryState<RoomUsersResult>) {
  return renderInApp(<RoomUsersView room={roomAs(viewerRole)} users={users} onClose={() => {}} />, {
    user: me,
  });
}

/** The row of one member in the members list. */
function rowOf(name: string) {
  const list = screen.getByRole('list', { name: 'Members' });
  const row = within(list).getByText(name).closest('li');
  if (!row) throw new Error(`No row for ${name}`);
  return within(row);
}

describe('RoomUsersView (the users modal)', () => {
  it('shows a manager why each member they cannot change is out of reach', () => {
    showUsers('admin', { status: 'value', value: USERS });

    expect(rowOf('Olga').getByText('The room owner cannot be removed.')).toBeVisible();
    expect(rowOf('Anna').getByText('You cannot remove the user who invited you.')).toBeVisible();
    expect(rowOf('Mia').getByText('You cannot change your own role here.')).toBeVisible();
    expect(rowOf('Mia').getByText('(you)')).toBeVisible();
    for (const name of ['Olga', 'Anna', 'Mia']) {
      expect(rowOf(name).queryByRole('combobox')).toBeNull();
      expect(rowOf(name).queryByRole('button', { name: `Remove ${name}` })).toBeNull();
    }
    expect(rowOf('Bob').getByRole('combobox', { name: 'Role of Bob' })).toBeEnabled();
    expect(rowOf('Bob').getByRole('button', { name: 'Remove Bob' })).toBeEnabled();
  });

  it('shows the server’s reason when it refuses a role change', async () => {
    answerFunctions({
      'rooms.updateUserRole': () => ({ refusal: 'rooms.errors.onlyInvitedByYou' }),
    });
    showUsers('admin', { status: 'value', value: USERS });

    await userEvent.selectOptions(rowOf('Bob').getByRole('combobox'), 'Viewer');

    expect(await screen.findByText('You can only remove users you invited.')).toBeVisible();
    expect(screen.queryByText('Bob is now: Viewer')).toBeNull();
  });

  it('lets a manager add members and decide on access requests', () => {
    showUsers('admin', { status: 'value', value: USERS });
    expect(screen.getByRole('form', { name: 'Add a member' })).toBeVisible();
    const requests = within(screen.getByRole('region', { name: 'Access requests' }));
    expect(requests.getByText('Kim')).toBeVisible();
    expect(requests.getByRole('button', { name: 'Approve' })).toBeEnabled();
    expect(requests.getByRole('button', { name: 'Reject' })).toBeEnabled();
  });

  it('shows a member without users.manage the roles only: no reasons, no changes, no requests', () => {
    showUsers('participant', { status: 'value', value: USERS });

    expect(rowOf('Olga').getByText('Owner')).toBeVisible();
    expect(rowOf('Bob').getByText('Participant')).toBeVisible();
    expect(screen.queryByText('The room owner cannot be removed.')).toBeNull();
    expect(screen.queryByText('You cannot remove the user who invited you.')).toBeNull();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('form', { name: 'Add a member' })).toBeNull();
    expect(screen.queryByText('Access requests')).toBeNull();
  });

  it('says when nobody is waiting to join', () => {
    showUsers('admin', { status: 'value', value: { ...USERS, requests: [] } });
    expect(screen.getByText('Nobody is waiting to join.')).toBeVisible();
  });

  it('says the list is loading, then why it could not be read', () => {
    const { rerender } = showUsers('admin', { status: 'loading' });
    expect(screen.getByText('Loading…')).toBeVisible();

    const error = new FunctionCallError('forbidden', 'rooms.errors.forbidden', {
      code: 'forbidden',
      key: 'rooms.errors.forbidden',
    });
    rerender(
      <RoomUsersView
        room={roomAs('admin')}
        users={{ status: 'error', error }}
        onClose={() => {}}
      />,
    );
    expect(screen.getByText('You do not have access to this room.')).toBeVisible();
    expect(screen.queryByRole('list', { name: 'Members' })).toBeNull();
  });
});
