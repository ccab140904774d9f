import { useEffect, useRef, type RefObject } from 'react';
import { toastStore } from './toast-store';

/**
 * Pauses every notice's timer while the pointer is over a notice or the keyboard focus is in
 * the toast area, and resumes them (each with the time it had left) once neither is (spec §4
 * Toasts: "Hovering pauses the timers").
 *
 * The listeners are the DOM's own, on the document: Radix portals each toast into the viewport,
 * so React's pointer and focus events of a toast bubble through the React tree (the provider),
 * never through the viewport element they sit in on the page.
 */
export function useToastPause(viewport: RefObject<HTMLElement | null>, toastCount: number): void {
  const inside = useRef({ pointer: false, focus: false });

  useEffect(() => {
    const within = (target: EventTarget | null) =>
      target instanceof Node && (viewport.current?.contains(target) ?? false);
    const update = (change: Partial<typeof inside.current>) => {
      inside.current = { ...inside.current, ...change };
      if (inside.current.pointer || inside.current.focus) toastStore.pause();
      else toastStore.resume();
    };
    // pointerover fires on every element the pointer enters, whatever it left (even a notice
    // that was removed under it); a pointerout towards nothing means it left the window.
    const onPointerOver = (event: PointerEvent) => update({ pointer: within(event.target) });
    const onPointerOut = (event: PointerEvent) => {
      if (event.relatedTarget === null) update({ pointer: false });
    };
    const onFocusIn = (event: FocusEvent) => update({ focus: within(event.target) });
    const onFocusOut = (event: FocusEvent) => update({ focus: within(event.relatedTarget) });
    document.addEventListener('pointerover', onPointerOver);
    document.addEventListener('pointerout', onPointerOut);
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('focusout', onFocusOut);
    return () => {
      document.removeEventListener('pointerover', onPointerOver);
      document.removeEventListener('pointerout', onPointerOut);
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('focusout', onFocusOut);
      inside.current = { pointer: false, focus: false };
      toastStore.resume();
    };
  }, [viewport]);

  // The last notice can vanish under a pointer that does not move: nothing is hovered any more.
  useEffect(() => {
    if (toastCount > 0) return;
    inside.current = { pointer: false, focus: false };
    toastStore.resume();
  }, [toastCount]);
}
