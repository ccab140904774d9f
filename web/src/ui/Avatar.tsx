import { cx } from '../lib/cx';
import './avatar.css';

export type AvatarSize = 'sm' | 'md' | 'lg' | 'xl';

type AvatarProps = {
  name: string;
  /** A colour starting with # or an image data URL. */
  avatar: string;
  size?: AvatarSize;
  /** Alternative text for a photo; decorative (empty) by default, as the name is usually next to it. */
  alt?: string;
};

const COLOR = /^#[0-9a-f]{3,8}$/i;

/** A user's picture: their photo, or the first letter of their name on their colour. */
export function Avatar({ name, avatar, size = 'sm', alt = '' }: AvatarProps) {
  const className = cx('avatar', `avatar--${size}`);
  if (avatar.startsWith('data:image/')) {
    return <img className={className} src={avatar} alt={alt} />;
  }
  return (
    <span
      className={className}
      style={{ background: COLOR.test(avatar) ? avatar : undefined }}
      aria-hidden
    >
      {initialOf(name)}
    </span>
  );
}

/** The first letter of a name (a whole emoji or accented letter, not half of one). */
export function initialOf(name: string): string {
  const [first = '?'] = Array.from(name.trim());
  return first.toLocaleUpperCase();
}
