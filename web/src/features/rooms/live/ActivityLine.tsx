import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Activity, ChevronDown } from 'lucide-react';
import type { RoomId } from '@music-rooms/domain/ids';
import { cx } from '../../../lib/cx';
import type { ActivityGroup } from './activity-groups';
import { useActivityText } from './useActivityText';
import { useRoomActivity } from './useRoomActivity';

type ActivityLineProps = { roomId: RoomId };

/** Entries shown when the line is opened, besides the newest. */
const EARLIER_SHOWN = 8;

/**
 * One line of what members do in the room ("Pat skipped to …", "Ann added 3 tracks"), the
 * newest first, read out politely; opened, it lists what came before during this visit.
 */
export function ActivityLine({ roomId }: ActivityLineProps) {
  const { t } = useTranslation();
  const text = useActivityText();
  const groups = useRoomActivity(roomId);
  const [open, setOpen] = useState(false);
  const [newest, ...earlier] = groups;
  return (
    <section className={cx('activity-line', open && 'activity-line--open')}>
      <div className="activity-line__head">
        <Activity size={16} aria-hidden className="activity-line__icon" />
        <p className="activity-line__newest" aria-live="polite" data-testid="activity-newest">
          {newest ? (
            <ActivityText group={newest} text={text(newest)} />
          ) : (
            <span className="activity-line__quiet">{t('room.activity.quiet')}</span>
          )}
        </p>
        {earlier.length > 0 && (
          <button
            type="button"
            className="activity-line__toggle"
            aria-expanded={open}
            onClick={() => setOpen(!open)}
          >
            {t('room.activity.earlier', { count: earlier.length })}
            <ChevronDown size={14} aria-hidden />
          </button>
        )}
      </div>
      {open && earlier.length > 0 && (
        <ul className="activity-line__list">
          {earlier.slice(0, EARLIER_SHOWN).map((group) => (
            <li key={group.id}>
              <ActivityText group={group} text={text(group)} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ActivityText({ group, text }: { group: ActivityGroup; text: string }) {
  const time = new Date(group.at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  return (
    <>
      <span className="activity-line__text">{text}</span>
      <time className="activity-line__time" dateTime={new Date(group.at).toISOString()}>
        {time}
      </time>
    </>
  );
}
