import type { ComponentPropsWithRef } from 'react';
import * as RadixTabs from '@radix-ui/react-tabs';
import { cx } from '../lib/cx';
import './tabs.css';

/** Tabs (Radix): arrow keys move between tabs, each panel is labelled by its tab. */
export const Tabs = RadixTabs.Root;

export function TabsList({ className, ...rest }: ComponentPropsWithRef<typeof RadixTabs.List>) {
  return <RadixTabs.List className={cx('tabs__list', className)} {...rest} />;
}

export function TabsTrigger({
  className,
  ...rest
}: ComponentPropsWithRef<typeof RadixTabs.Trigger>) {
  return <RadixTabs.Trigger className={cx('tabs__trigger', className)} {...rest} />;
}

export function TabsContent({
  className,
  ...rest
}: ComponentPropsWithRef<typeof RadixTabs.Content>) {
  return <RadixTabs.Content className={cx('tabs__content', className)} {...rest} />;
}
