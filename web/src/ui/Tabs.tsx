import {
  createContext,
  useContext,
  useId,
  type ComponentPropsWithRef,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { cx } from '../lib/cx';
import './tabs.css';

type TabsState = { base: string; value: string; select: (value: string) => void };

const TabsContext = createContext<TabsState | null>(null);

function useTabs(): TabsState {
  const state = useContext(TabsContext);
  if (!state) throw new Error('Tabs parts need a <Tabs> around them');
  return state;
}

type TabsProps = {
  value: string;
  onValueChange: (value: string) => void;
  className?: string;
  children: ReactNode;
};

/**
 * Tabs (WAI-ARIA tabs pattern): arrow keys, Home and End move between the tabs and select
 * them, only the selected tab is in the Tab order, each panel is labelled by its tab. Small on
 * purpose: the home page opens with them.
 */
export function Tabs({ value, onValueChange, className, children }: TabsProps) {
  const base = useId();
  return (
    <TabsContext.Provider value={{ base, value, select: onValueChange }}>
      <div className={className}>{children}</div>
    </TabsContext.Provider>
  );
}

const ids = (base: string, value: string) => ({
  tab: `${base}-tab-${value}`,
  panel: `${base}-panel-${value}`,
});

const MOVES: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

/** Arrow keys, Home and End: focus and select the next tab of the list. */
function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
  const move = MOVES[event.key];
  if (!move) return;
  const tabs = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]')];
  const index = tabs.findIndex((tab) => tab === document.activeElement);
  if (index < 0) return;
  event.preventDefault();
  const next = tabs[move(index, tabs.length)];
  next?.focus();
  next?.click();
}

export function TabsList({ className, ...rest }: ComponentPropsWithRef<'div'>) {
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      className={cx('tabs__list', className)}
      onKeyDown={moveFocus}
      {...rest}
    />
  );
}

type TabsTriggerProps = Omit<ComponentPropsWithRef<'button'>, 'value'> & { value: string };

export function TabsTrigger({ value, className, ...rest }: TabsTriggerProps) {
  const tabs = useTabs();
  const selected = tabs.value === value;
  const { tab, panel } = ids(tabs.base, value);
  return (
    <button
      type="button"
      role="tab"
      id={tab}
      aria-selected={selected}
      aria-controls={panel}
      data-state={selected ? 'active' : 'inactive'}
      tabIndex={selected ? 0 : -1}
      className={cx('tabs__trigger', className)}
      onClick={() => tabs.select(value)}
      {...rest}
    />
  );
}

type TabsContentProps = ComponentPropsWithRef<'div'> & { value: string };

export function TabsContent({ value, className, children, ...rest }: TabsContentProps) {
  const tabs = useTabs();
  if (tabs.value !== value) return null;
  const { tab, panel } = ids(tabs.base, value);
  return (
    <div
      role="tabpanel"
      id={panel}
      aria-labelledby={tab}
      tabIndex={0}
      data-state="active"
      className={cx('tabs__content', className)}
      {...rest}
    >
      {children}
    </div>
  );
}
