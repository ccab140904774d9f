import { useEffect, type RefObject } from 'react';

/**
 * Tells the page how much of the window's bottom the player bar covers (`--player-bar-height`
 * on the root element, design tokens), so notices and the scroll-to-top button stay above it.
 */
export function useBarHeight(bar: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = bar.current;
    const root = document.documentElement;
    if (!element) return;
    const apply = () => {
      const fromBottom = window.innerHeight - element.getBoundingClientRect().top;
      root.style.setProperty('--player-bar-height', `${Math.max(0, Math.round(fromBottom))}px`);
    };
    apply();
    const observer = new ResizeObserver(apply);
    observer.observe(element);
    window.addEventListener('resize', apply);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', apply);
      root.style.removeProperty('--player-bar-height');
    };
  }, [bar]);
}
