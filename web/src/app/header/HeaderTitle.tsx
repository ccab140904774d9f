import { LIMITS } from '@music-rooms/domain/limits';
import type { LucideIcon } from 'lucide-react';
import { cx } from '../../lib/cx';

type HeaderTitleProps = { title: string; icon?: LucideIcon };

/** The page title in the header; long titles get a smaller font. */
export function HeaderTitle({ title, icon: Icon }: HeaderTitleProps) {
  const long = title.length > LIMITS.headerTitleShrinkAfterChars;
  return (
    <div className="header-title">
      {Icon && <Icon aria-hidden size={18} strokeWidth={2.2} className="header-title__icon" />}
      <span className={cx('header-title__text', long && 'header-title__text--long')} title={title}>
        {title}
      </span>
    </div>
  );
}
