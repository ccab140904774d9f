import type { RoomId } from '@music-rooms/domain/ids';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Crown, Trash2 } from 'lucide-react';
import {
  isRoomRole,
  type AssignableRole,
  type RoomErrorKey,
  type RoomMember,
} from '@music-rooms/domain/rooms';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { IconButton } from '../../../ui/IconButton';
import { handOverHost } from '../../player/player-api';
import { changeRoomUserRole, removeRoomUser } from '../rooms-api';
import { MemberIdentity } from './MemberIdentity';
import { MemberRefusal } from './MemberRefusal';
import { RoleSelect } from './RoleSelect';
import { useMemberAction } from './useMemberAction';

type MemberRowProps = {
  roomId: RoomId;
  member: RoomMember;
  canManage: boolean;
  isYou: boolean;
  /** Why the viewer may not change or remove this member; null when they may or need not know. */
  refusal: RoomErrorKey | null;
  /** The player labels this member host. */
  isHost?: boolean;
  /** The viewer (owner or admin) may hand the host label over. */
  canHandOver?: boolean;
};

/**
 * One member: who they are and their role. Someone with users.manage changes the role or
 * removes the member where the removal rules allow it (`manageable`), and otherwise reads why
 * not; the server has the last word.
 */
export function MemberRow(props: MemberRowProps) {
  const { roomId, member, canManage, isYou, refusal, isHost = false, canHandOver = false } = props;
  const { t } = useTranslation();
  const { run, busy } = useMemberAction();
  const [confirming, setConfirming] = useState(false);
  const { user, role } = member;
  const editable = canManage && member.manageable && isRoomRole(role) && role !== 'owner';
  const mayHost = canHandOver && !isHost && isRoomRole(role) && role !== 'viewer';

  const makeHost = () =>
    run(() => handOverHost(roomId, user._id), {
      success: t('player.madeHost', { name: user.name }),
      fallbackKey: 'player.handOverFailed',
    });

  const changeRole = (next: AssignableRole) =>
    run(() => changeRoomUserRole(roomId, user._id, next), {
      success: t('rooms.users.roleChanged', { name: user.name, role: t(`rooms.roles.${next}`) }),
      fallbackKey: 'rooms.errors.updateUserFailed',
    });

  const remove = async () => {
    setConfirming(false);
    await run(() => removeRoomUser(roomId, user._id), {
      success: t('rooms.users.removed', { name: user.name }),
      fallbackKey: 'rooms.errors.removeUserFailed',
    });
  };

  return (
    <li className="member-row">
      <MemberIdentity
        user={user}
        isYou={isYou}
        note={refusal && <MemberRefusal reason={refusal} />}
      />
      {isHost && (
        <span className="room-chip room-chip--host">
          <Crown aria-hidden size={12} />
          {t('player.host')}
        </span>
      )}
      {mayHost && (
        <IconButton
          icon={Crown}
          size="sm"
          label={t('player.makeHost', { name: user.name })}
          disabled={busy}
          onClick={() => void makeHost()}
        />
      )}
      <span className="member-row__role">
        {editable ? (
          <RoleSelect
            value={role as AssignableRole}
            label={t('rooms.users.roleOf', { name: user.name })}
            disabled={busy}
            onChange={(next) => void changeRole(next)}
          />
        ) : (
          <span className={`room-chip room-chip--role room-chip--${role}`}>
            {t(`rooms.roles.${role}`)}
          </span>
        )}
      </span>
      {canManage && member.manageable && (
        <IconButton
          icon={Trash2}
          size="sm"
          label={t('rooms.users.remove', { name: user.name })}
          disabled={busy}
          onClick={() => setConfirming(true)}
        />
      )}
      <ConfirmDialog
        open={confirming}
        danger
        title={t('rooms.users.removeTitle', { name: user.name })}
        message={t('rooms.users.removeText', { name: user.name })}
        confirmLabel={t('rooms.users.removeConfirm')}
        cancelLabel={t('common.cancel')}
        onConfirm={() => void remove()}
        onCancel={() => setConfirming(false)}
      />
    </li>
  );
}
