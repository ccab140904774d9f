import type { ReactNode } from 'react';
import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { cx } from '../lib/cx';
import './dialog.css';

/** A modal dialog (Radix): focus is trapped inside and returns to the trigger on close. */
export const Dialog = RadixDialog.Root;
export const DialogTrigger = RadixDialog.Trigger;
export const DialogClose = RadixDialog.Close;

type DialogContentProps = {
  title: ReactNode;
  description?: ReactNode;
  /** The label of the close button in the corner; without it there is none. */
  closeLabel?: string;
  size?: 'sm' | 'md';
  /** Alert dialogs ignore clicks outside: the person has to answer. */
  alert?: boolean;
  children?: ReactNode;
};

export function DialogContent({
  title,
  description,
  closeLabel,
  size = 'md',
  alert,
  children,
}: DialogContentProps) {
  const stayOpen = (event: Event) => {
    if (alert) event.preventDefault();
  };
  // A field marked data-autofocus takes the focus when the dialog opens (else the first control).
  const focusMarked = (event: Event) => {
    const content = event.currentTarget instanceof HTMLElement ? event.currentTarget : null;
    const marked = content?.querySelector<HTMLElement>('[data-autofocus]');
    if (!marked) return;
    event.preventDefault();
    marked.focus();
  };
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className="dialog-overlay" />
      <RadixDialog.Content
        className={cx('dialog', `dialog--${size}`)}
        role={alert ? 'alertdialog' : 'dialog'}
        onPointerDownOutside={stayOpen}
        onOpenAutoFocus={focusMarked}
        {...(description ? {} : { 'aria-describedby': undefined })}
      >
        <RadixDialog.Title className="dialog__title">{title}</RadixDialog.Title>
        {description && (
          <RadixDialog.Description className="dialog__description">
            {description}
          </RadixDialog.Description>
        )}
        {children}
        {closeLabel && (
          <RadixDialog.Close
            className="icon-button icon-button--sm dialog__close"
            aria-label={closeLabel}
          >
            <X aria-hidden size={16} />
          </RadixDialog.Close>
        )}
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}

type DialogActionsProps = { children: ReactNode };

export function DialogActions({ children }: DialogActionsProps) {
  return <div className="dialog__actions">{children}</div>;
}
