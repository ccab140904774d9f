import type { ComponentPropsWithRef, ReactNode } from 'react';
import * as Menu from '@radix-ui/react-dropdown-menu';
import { Check } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { cx } from '../lib/cx';
import './menu.css';

/** A dropdown menu (Radix): keyboard navigation, typeahead and focus return come with it. */
export const DropdownMenu = Menu.Root;
export const DropdownMenuTrigger = Menu.Trigger;
export const DropdownMenuRadioGroup = Menu.RadioGroup;

type DropdownMenuContentProps = ComponentPropsWithRef<typeof Menu.Content>;

export function DropdownMenuContent({
  className,
  sideOffset = 8,
  ...rest
}: DropdownMenuContentProps) {
  return (
    <Menu.Portal>
      <Menu.Content
        className={cx('menu', className)}
        sideOffset={sideOffset}
        collisionPadding={8}
        {...rest}
      />
    </Menu.Portal>
  );
}

type DropdownMenuLabelProps = { children: ReactNode };

export function DropdownMenuLabel({ children }: DropdownMenuLabelProps) {
  return <Menu.Label className="menu__label">{children}</Menu.Label>;
}

export function DropdownMenuSeparator() {
  return <Menu.Separator className="menu__separator" />;
}

type DropdownMenuItemProps = ComponentPropsWithRef<typeof Menu.Item> & { icon?: LucideIcon };

export function DropdownMenuItem({
  icon: Icon,
  className,
  children,
  ...rest
}: DropdownMenuItemProps) {
  return (
    <Menu.Item className={cx('menu__item', className)} {...rest}>
      {Icon && <Icon aria-hidden size={16} className="menu__icon" />}
      {children}
    </Menu.Item>
  );
}

type DropdownMenuRadioItemProps = ComponentPropsWithRef<typeof Menu.RadioItem> & {
  icon?: LucideIcon;
};

export function DropdownMenuRadioItem({
  icon: Icon,
  className,
  children,
  ...rest
}: DropdownMenuRadioItemProps) {
  return (
    <Menu.RadioItem className={cx('menu__item', className)} {...rest}>
      {Icon && <Icon aria-hidden size={16} className="menu__icon" />}
      <span className="menu__text">{children}</span>
      <Menu.ItemIndicator className="menu__indicator">
        <Check aria-hidden size={16} strokeWidth={2.5} />
      </Menu.ItemIndicator>
    </Menu.RadioItem>
  );
}
