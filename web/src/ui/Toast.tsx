import type { ComponentPropsWithRef, ReactNode } from 'react';
import * as RadixToast from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { cx } from '../lib/cx';
import './toast.css';

/**
 * Toast primitives (Radix): an announced region, F8 to reach it, swipe to dismiss. Timing is
 * not Radix's: the notices store decides when a toast goes (duration Infinity here).
 */
type ToastProviderProps = {
  children: ReactNode;
  /** What a toast is called to screen readers ("Notification"). */
  label: string;
};

export function ToastProvider({ children, label }: ToastProviderProps) {
  return (
    <RadixToast.Provider duration={Infinity} swipeDirection="right" label={label}>
      {children}
    </RadixToast.Provider>
  );
}

export function ToastViewport({
  className,
  ...rest
}: ComponentPropsWithRef<typeof RadixToast.Viewport>) {
  return <RadixToast.Viewport className={cx('toast-viewport', className)} {...rest} />;
}

type ToastProps = Omit<ComponentPropsWithRef<typeof RadixToast.Root>, 'duration'> & {
  variant: string;
};

export function Toast({ variant, className, ...rest }: ToastProps) {
  return (
    <RadixToast.Root
      duration={Infinity}
      className={cx('toast', `toast--${variant}`, className)}
      {...rest}
    />
  );
}

export function ToastTitle(props: ComponentPropsWithRef<typeof RadixToast.Title>) {
  return <RadixToast.Title className="toast__title" {...props} />;
}

export function ToastDescription(props: ComponentPropsWithRef<typeof RadixToast.Description>) {
  return <RadixToast.Description className="toast__message" {...props} />;
}

type ToastActionProps = ComponentPropsWithRef<typeof RadixToast.Action> & { tone?: string };

export function ToastAction({ tone = 'default', className, ...rest }: ToastActionProps) {
  return (
    <RadixToast.Action
      className={cx('toast__action', `toast__action--${tone}`, className)}
      {...rest}
    />
  );
}

type ToastCloseProps = { label: string };

export function ToastClose({ label }: ToastCloseProps) {
  return (
    <RadixToast.Close className="icon-button icon-button--sm toast__close" aria-label={label}>
      <X aria-hidden size={16} />
    </RadixToast.Close>
  );
}
