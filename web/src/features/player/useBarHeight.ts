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
    // The bar rests above the page's end once scrolled there: once a frame is enough.
    let frame = 0;
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(() => ((frame = 0), apply()));
    };
    window.addEventListener('resize', apply);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
      window.removeEventListener('resize', apply);
      window.removeEventListener('scroll', onScroll);
      root.style.removeProperty('--player-bar-height');
    };
  }, [bar]);
}
