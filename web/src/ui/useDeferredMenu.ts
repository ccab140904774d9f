import { useState, type KeyboardEvent, type PointerEvent } from 'react';

/** What the stand-in trigger carries until the menu's code is there. */
export type DeferredTriggerProps = {
  'aria-haspopup': 'menu';
  'aria-expanded': false;
  onPointerEnter: () => void;
  onFocus: () => void;
  onPointerDown: (event: PointerEvent<HTMLElement>) => void;
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
};

const OPENING_KEYS = new Set(['Enter', ' ', 'ArrowDown']);

/**
 * A menu whose code (Radix and the positioning it brings) loads the first time it opens, so
 * the first page does not wait for it. Until then the trigger is a plain button with these
 * props: hovering or focusing it starts the download, pressing it (as Radix's trigger would:
 * pointer down, Enter, Space, arrow down) renders the real menu, open.
 */
export function useDeferredMenu(preload: () => Promise<unknown>) {
  const [opened, setOpened] = useState(false);
  const warm = () => void preload().catch(() => {});
  const open = () => {
    warm();
    setOpened(true);
  };
  const triggerProps: DeferredTriggerProps = {
    'aria-haspopup': 'menu',
    'aria-expanded': false,
    onPointerEnter: warm,
    onFocus: warm,
    onPointerDown: (event) => {
      if (event.button !== 0 || event.ctrlKey) return;
      event.preventDefault();
      open();
    },
    onKeyDown: (event) => {
      if (!OPENING_KEYS.has(event.key)) return;
      event.preventDefault();
      open();
    },
  };
  return { opened, triggerProps };
}
