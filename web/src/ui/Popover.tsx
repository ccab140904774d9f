import { useRef, useState, type CSSProperties, type ReactElement, type ReactNode } from 'react';
import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { cx } from '../lib/cx';
import './popover.css';

/** Space kept between the popover and its trigger, and from the window's edges. */
const GAP_PX = 8;

/** Where the popover sits: above its trigger, its right edge on the trigger's, inside the window. */
function placeAbove(trigger: HTMLElement): CSSProperties {
  const rect = trigger.getBoundingClientRect();
  const bottom = Math.max(GAP_PX, window.innerHeight - rect.top + GAP_PX);
  return {
    bottom,
    right: Math.max(GAP_PX, window.innerWidth - rect.right),
    // Taller than the room above the trigger, it scrolls.
    maxHeight: window.innerHeight - bottom - GAP_PX,
  };
}

/**
 * The panel itself takes the focus when it opens, not its first control: a slider there would
 * take the arrow keys of someone who only wanted to read. Tab goes on to the controls.
 */
function focusPanel(event: Event): void {
  event.preventDefault();
  if (event.currentTarget instanceof HTMLElement) event.currentTarget.focus();
}

type PopoverProps = {
  /** One button: a click, Enter or Space on it opens and closes the popover. */
  trigger: ReactElement;
  title: ReactNode;
  closeLabel: string;
  className?: string;
  /** The popover's sections, in order. */
  children: ReactNode;
};

/**
 * A panel that opens from a button and floats above it, the page still usable around it
 * (a non-modal Radix dialog): focus moves into it, Escape or a click elsewhere closes it and
 * the focus goes back to the button. Keys pressed inside it are its own (`isOwnedByTarget`).
 */
export function Popover({ trigger, title, closeLabel, className, children }: PopoverProps) {
  const anchor = useRef<HTMLButtonElement>(null);
  const [place, setPlace] = useState<CSSProperties | null>(null);
  const onOpenChange = (open: boolean) =>
    setPlace(open && anchor.current ? placeAbove(anchor.current) : null);
  return (
    <RadixDialog.Root modal={false} open={place !== null} onOpenChange={onOpenChange}>
      <RadixDialog.Trigger asChild ref={anchor}>
        {trigger}
      </RadixDialog.Trigger>
      <RadixDialog.Portal>
        <RadixDialog.Content
          className={cx('popover', className)}
          style={place ?? undefined}
          aria-describedby={undefined}
          tabIndex={-1}
          onOpenAutoFocus={focusPanel}
        >
          <RadixDialog.Title className="popover__title">{title}</RadixDialog.Title>
          {children}
          <RadixDialog.Close
            className="icon-button icon-button--sm popover__close"
            aria-label={closeLabel}
          >
            <X aria-hidden size={16} />
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

type PopoverSectionProps = { title?: ReactNode; children: ReactNode };

/** One part of a popover, set off from the one before it. */
export function PopoverSection({ title, children }: PopoverSectionProps) {
  return (
    <section className="popover__section">
      {title && <h3 className="popover__section-title">{title}</h3>}
      {children}
    </section>
  );
}
