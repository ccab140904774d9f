import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';

export type TooltipSide = 'top' | 'right' | 'bottom' | 'left';

type TooltipBubbleProps = {
  id: string;
  anchor: HTMLElement;
  side: TooltipSide;
  children: ReactNode;
};

const GAP_PX = 8;
const EDGE_PX = 8;
const OPPOSITE: Record<TooltipSide, TooltipSide> = {
  top: 'bottom',
  bottom: 'top',
  left: 'right',
  right: 'left',
};

type Placement = { side: TooltipSide; top: number; left: number; arrow: number };

/** Where a bubble of this size goes beside the anchor, on the given side. */
function place(anchor: DOMRect, size: DOMRect, side: TooltipSide): Placement {
  const vertical = side === 'top' || side === 'bottom';
  const top = vertical
    ? side === 'bottom'
      ? anchor.bottom + GAP_PX
      : anchor.top - GAP_PX - size.height
    : anchor.top + (anchor.height - size.height) / 2;
  const left = vertical
    ? anchor.left + (anchor.width - size.width) / 2
    : side === 'right'
      ? anchor.right + GAP_PX
      : anchor.left - GAP_PX - size.width;
  return { side, top, left, arrow: 0 };
}

function fits(p: Placement, size: DOMRect): boolean {
  return (
    p.top >= EDGE_PX &&
    p.left >= EDGE_PX &&
    p.top + size.height <= window.innerHeight - EDGE_PX &&
    p.left + size.width <= window.innerWidth - EDGE_PX
  );
}

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

/** The wanted side, or the opposite one when it does not fit; kept inside the viewport. */
function placement(anchor: DOMRect, size: DOMRect, wanted: TooltipSide): Placement {
  const first = place(anchor, size, wanted);
  const chosen = fits(first, size) ? first : place(anchor, size, OPPOSITE[wanted]);
  const top = clamp(chosen.top, EDGE_PX, window.innerHeight - EDGE_PX - size.height);
  const left = clamp(chosen.left, EDGE_PX, window.innerWidth - EDGE_PX - size.width);
  const vertical = chosen.side === 'top' || chosen.side === 'bottom';
  // The arrow points at the anchor's middle even when the bubble was pushed aside.
  const arrow = vertical
    ? anchor.left + anchor.width / 2 - left
    : anchor.top + anchor.height / 2 - top;
  return { side: chosen.side, top, left, arrow };
}

/** The tooltip itself, fixed beside its anchor. */
export function TooltipBubble({ id, anchor, side, children }: TooltipBubbleProps) {
  const bubble = useRef<HTMLDivElement>(null);
  const [at, setAt] = useState<Placement | null>(null);
  useLayoutEffect(() => {
    if (!bubble.current) return;
    setAt(placement(anchor.getBoundingClientRect(), bubble.current.getBoundingClientRect(), side));
  }, [anchor, side, children]);
  return (
    <div
      ref={bubble}
      id={id}
      role="tooltip"
      className="tooltip"
      data-side={at?.side ?? side}
      style={
        at
          ? { top: at.top, left: at.left, ['--tooltip-arrow' as string]: `${at.arrow}px` }
          : { top: 0, left: 0, visibility: 'hidden' }
      }
    >
      {children}
      <span className="tooltip__arrow" aria-hidden />
    </div>
  );
}
