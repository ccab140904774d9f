import { useTranslation } from 'react-i18next';
import { Headphones } from 'lucide-react';
import { cx } from '../../../lib/cx';

type ActiveUsersProps = { count: number; long?: boolean };

/** How many people are in the room now (live presence); the long form spells it out. */
export function ActiveUsers({ count, long }: ActiveUsersProps) {
  const { t } = useTranslation();
  const label = t('rooms.card.listening', { count });
  return (
    <span
      className={cx('active-users', count > 0 && 'active-users--live')}
      role={long ? undefined : 'img'}
      aria-label={long ? undefined : label}
      title={long ? undefined : label}
      data-count={count}
    >
      <Headphones aria-hidden size={15} strokeWidth={2.2} />
      <span aria-hidden={!long}>{long ? label : count}</span>
    </span>
  );
}
