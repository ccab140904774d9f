// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RoomErrorKey, RoomMember } from '@music-rooms/domain/rooms';
import { MemberRow } from './MemberRow';
import {
  answerFunctions,
  deferred,
  type FunctionAnswer,
} from '../../../lib/api/function-calls.test-support';
import { member, roomId } from '../room-fixtures.test-support';
import { renderInApp, setupComponentTests } from '../../../app/shell/render-app.test-support';

setupComponentTests();

type RowOptions = { canManage?: boolean; isYou?: boolean; refusal?: RoomErrorKey | null };

/** One row of the users modal as a manager sees it, unless told otherwise. */
function showRow(
  shown: RoomMember,
  { canManage = true, isYou = false, refusal = null }: RowOptions = {},
) {
  return renderInApp(
    <ul>
      <MemberRow
        roomId={roomId('room-1')}
        member={shown}
        canManage={canManage}
        isYou={isYou}
        refusal={refusal}
      />
    </ul>,
  );
}

const roleOfBob = () => screen.getByRole<HTMLSelectElement>('combobox', { name: 'Role of Bob' });
const removeBob = () => screen.getByRole('button', { name: 'Remove Bob' });

describe('MemberRow (a member in the users modal)', () => {
  it('changes a member’s role from the select and says so', async () => {
    const calls = answerFunctions({ 'rooms.updateUserRole': () => ({ value: null }) });
    showRow(member('Bob'));
    expect(roleOfBob().value).toBe('participant');

    await userEvent.selectOptions(roleOfBob(), 'Editor');

    expect(await screen.findByText('Bob is now: Editor')).toBeVisible();
    expect(calls).toEqual([
      {
        path: 'rooms.updateUserRole',
        args: { roomId: 'room-1', userId: 'user-bob', role: 'editor' },
      },
    ]);
  });

  it('holds the role and the remove button while a change is on its way', async () => {
    const answer = deferred<FunctionAnswer>();
    answerFunctions({ 'rooms.updateUserRole': () => answer.promise });
    showRow(member('Bob'));

    await userEvent.selectOptions(roleOfBob(), 'Viewer');
    expect(roleOfBob()).toBeDisabled();
    expect(removeBob()).toBeDisabled();

    answer.resolve({ value: null });
    await waitFor(() => expect(roleOfBob()).toBeEnabled());
    expect(removeBob()).toBeEnabled();
  });

  it('removes a member only after the confirmation', async () => {
    const calls = answerFunctions({ 'rooms.removeUser': () => ({ value: null }) });
    showRow(member('Bob'));

    await userEvent.click(removeBob());
    expect(screen.getByRole('alertdialog', { name: 'Remove Bob?' })).toBeVisible();
    expect(calls).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Bob was removed')).toBeVisible();
    expect(calls).toEqual([
      { path: 'rooms.removeUser', args: { roomId: 'room-1', userId: 'user-bob' } },
    ]);
  });

  it('shows the server’s reason when it refuses a removal', async () => {
    answerFunctions({ 'rooms.removeUser': () => ({ refusal: 'rooms.errors.onlyInvitedByYou' }) });
    showRow(member('Bob'));

    await userEvent.click(removeBob());
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));

    expect(await screen.findByText('You can only remove users you invited.')).toBeVisible();
    expect(screen.queryByText('Failed to remove the user. Please try again.')).toBeNull();
    expect(removeBob()).toBeEnabled();
  });

  it('shows a member the viewer may not change as a plain role, with the reason', () => {
    const inviter = member('Anna', {
      role: 'admin',
      manageable: false,
      refusal: 'rooms.errors.cannotChangeInviter',
    });
    showRow(inviter, { refusal: inviter.refusal });

    expect(screen.getByText('Admin')).toBeVisible();
    expect(screen.getByText('You cannot remove the user who invited you.')).toBeVisible();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove Anna' })).toBeNull();
  });

  it('never offers to change the owner, whatever the manageable flag says', () => {
    showRow(member('Olga', { role: 'owner', manageable: true }));
    expect(screen.getByText('Owner')).toBeVisible();
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('offers nothing to change to someone without users.manage', () => {
    showRow(member('Bob'), { canManage: false });
    expect(screen.getByText('Participant')).toBeVisible();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove Bob' })).toBeNull();
  });

  it('marks the viewer’s own row', () => {
    showRow(member('Bob', { manageable: false }), {
      isYou: true,
      refusal: 'rooms.errors.cannotChangeSelf',
    });
    expect(screen.getByText('(you)')).toBeVisible();
    expect(screen.getByText('You cannot change your own role here.')).toBeVisible();
  });
});
