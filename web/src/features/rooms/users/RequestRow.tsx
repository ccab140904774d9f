import type { RoomId } from '@music-rooms/domain/ids';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Check, X } from 'lucide-react';
import type { AssignableRole, RoomMember } from '@music-rooms/domain/rooms';
import { Button } from '../../../ui/Button';
import { approveRequest, rejectRequest } from '../rooms-api';
import { MemberIdentity } from './MemberIdentity';
import { MemberRefusal } from './MemberRefusal';
import { RoleSelect } from './RoleSelect';
import { useMemberAction } from './useMemberAction';

type RequestRowProps = { roomId: RoomId; request: RoomMember };

/**
 * Someone who asked to join: approve with a chosen role, or reject (a denied one may still be
 * let in, by the owner or whoever refused them; anyone else reads why not).
 */
export function RequestRow({ roomId, request }: RequestRowProps) {
  const { t } = useTranslation();
  const { run, busy } = useMemberAction();
  const [role, setRole] = useState<AssignableRole>('participant');
  const { user } = request;

  const approve = () =>
    run(() => approveRequest(roomId, user._id, role), {
      success: t('rooms.users.approved', { name: user.name, role: t(`rooms.roles.${role}`) }),
      fallbackKey: 'rooms.errors.updateUserFailed',
    });
  const reject = () =>
    run(() => rejectRequest(roomId, user._id), {
      success: t('rooms.users.rejected', { name: user.name }),
      fallbackKey: 'rooms.errors.updateUserFailed',
    });

  // Someone another refused, which this viewer may not reverse: why, and nothing to do.
  if (request.refusal) {
    return (
      <li className="member-row member-row--request">
        <MemberIdentity
          user={user}
          isYou={false}
          note={<MemberRefusal reason={request.refusal} />}
        />
        <span className={`room-chip room-chip--role room-chip--${request.role}`}>
          {t(`rooms.roles.${request.role}`)}
        </span>
      </li>
    );
  }

  return (
    <li className="member-row member-row--request">
      <MemberIdentity user={user} isYou={false} />
      <span className="member-row__role">
        <RoleSelect
          value={role}
          onChange={setRole}
          label={t('rooms.users.approveAs', { name: user.name })}
          disabled={busy}
        />
      </span>
      <span className="member-row__actions">
        <Button size="sm" variant="primary" icon={Check} busy={busy} onClick={() => void approve()}>
          {t('rooms.users.approve')}
        </Button>
        {request.role === 'requested' && (
          <Button size="sm" variant="ghost" icon={X} busy={busy} onClick={() => void reject()}>
            {t('rooms.users.reject')}
          </Button>
        )}
      </span>
    </li>
  );
}
