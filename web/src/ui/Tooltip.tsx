import {
  cloneElement,
  useEffect,
  useId,
  useState,
  type FocusEvent,
  type PointerEvent,
  type ReactElement,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';
import { LIMITS } from '@music-rooms/domain/limits';
import { TooltipBubble, type TooltipSide } from './TooltipBubble';
import { createDelay, tooltipTiming } from './tooltip-timing';
import './tooltip.css';

type TriggerProps = {
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
  onPointerDown?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
  'aria-describedby'?: string;
};

/** A click focuses too: the hint is for keyboard focus (and hover), as in most systems. */
function focusedByKeyboard(element: HTMLElement): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    return true;
  }
}

type TooltipProps = {
  content: ReactNode;
  /** One focusable element: the tooltip describes it. */
  children: ReactElement<TriggerProps>;
  side?: TooltipSide;
  delayDuration?: number;
};

/**
 * A short hint shown on hover or focus after LIMITS.tooltipDelayMs (at once when moving from
 * one tooltip to the next). Escape, a press or leaving hides it. Small on purpose: it is on
 * every room card, so it stays out of the positioning libraries the menus load on first open.
 */
export function Tooltip({
  content,
  children,
  side = 'bottom',
  delayDuration = LIMITS.tooltipDelayMs,
}: TooltipProps) {
  const id = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [delay] = useState(createDelay);

  const show = (element: HTMLElement) =>
    delay.start(() => setAnchor(element), tooltipTiming.delayFor(delayDuration));
  const hide = () => {
    delay.cancel();
    setAnchor((shown) => {
      if (shown) tooltipTiming.closed();
      return null;
    });
  };

  useEffect(() => delay.cancel, [delay]);
  useEffect(() => {
    if (!anchor) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      tooltipTiming.closed();
      setAnchor(null);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [anchor]);

  const own = children.props;
  const trigger = cloneElement(children, {
    onPointerEnter: (event: PointerEvent<HTMLElement>) => {
      own.onPointerEnter?.(event);
      if (event.pointerType !== 'touch') show(event.currentTarget);
    },
    onPointerLeave: (event: PointerEvent<HTMLElement>) => {
      own.onPointerLeave?.(event);
      hide();
    },
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      own.onPointerDown?.(event);
      hide();
    },
    onFocus: (event: FocusEvent<HTMLElement>) => {
      own.onFocus?.(event);
      if (focusedByKeyboard(event.currentTarget)) show(event.currentTarget);
    },
    onBlur: (event: FocusEvent<HTMLElement>) => {
      own.onBlur?.(event);
      hide();
    },
    'aria-describedby': anchor ? id : own['aria-describedby'],
  });
  return (
    <>
      {trigger}
      {anchor &&
        createPortal(
          <TooltipBubble id={id} anchor={anchor} side={side}>
            {content}
          </TooltipBubble>,
          document.body,
        )}
    </>
  );
}
