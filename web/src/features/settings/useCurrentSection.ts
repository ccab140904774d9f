import { useEffect, useRef, useState } from 'react';

/** Below the sticky header, a section counts as reached a little before its top gets there. */
const REACH_PX = 48;

function headerBottom(): number {
  return document.querySelector('.app-header')?.getBoundingClientRect().bottom ?? 0;
}

function isOnScreen(element: HTMLElement): boolean {
  const box = element.getBoundingClientRect();
  return box.bottom > headerBottom() && box.top < window.innerHeight;
}

/** The last section whose top has passed under the header; the last one at the page's end. */
function reachedSection(anchors: readonly string[]): string | null {
  const elements = anchors
    .map((anchor) => document.getElementById(anchor))
    .filter((element): element is HTMLElement => element !== null);
  const atEnd =
    window.scrollY > 0 &&
    window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
  if (atEnd) return elements.at(-1)?.id ?? null;
  const line = headerBottom() + REACH_PX;
  const passed = elements.filter((element) => element.getBoundingClientRect().top <= line);
  return (passed.at(-1) ?? elements[0])?.id ?? null;
}

/**
 * Which section of a long page the reader is at, for the side list to mark: it follows
 * scrolling, and a section picked in the list stays marked while it is on screen (a short
 * last section may never reach the top).
 */
export function useCurrentSection(anchors: readonly string[]) {
  const key = anchors.join(' ');
  const [current, setCurrent] = useState<string | null>(anchors[0] ?? null);
  const picked = useRef<string | null>(null);

  useEffect(() => {
    const list = key ? key.split(' ') : [];
    let frame = 0;
    const update = () => {
      frame = 0;
      const pinned = picked.current ? document.getElementById(picked.current) : null;
      if (pinned && isOnScreen(pinned)) return setCurrent(pinned.id);
      picked.current = null;
      setCurrent(reachedSection(list));
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      if (frame) cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
    };
  }, [key]);

  const pick = (anchor: string) => {
    picked.current = anchor;
    setCurrent(anchor);
  };
  return { current, pick };
}
