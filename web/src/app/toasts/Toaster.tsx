import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ToastProvider, ToastViewport } from '../../ui/Toast';
import { ToastCard } from './ToastCard';
import { toastStore } from './toast-store';
import { useToasts } from './useToasts';

/** The toast area: shows the notices store, and pauses its timers while hovered or focused. */
export function Toaster() {
  const { t } = useTranslation();
  const toasts = useToasts();
  const inside = useRef({ pointer: false, focus: false });

  const update = (change: Partial<typeof inside.current>) => {
    inside.current = { ...inside.current, ...change };
    if (inside.current.pointer || inside.current.focus) toastStore.pause();
    else toastStore.resume();
  };

  // The last notice can vanish under the pointer without a pointerleave.
  useEffect(() => {
    if (toasts.length > 0) return;
    inside.current = { pointer: false, focus: false };
    toastStore.resume();
  }, [toasts.length]);

  return (
    <ToastProvider label={t('toasts.label')}>
      {toasts.map((toast) => (
        <ToastCard key={toast.id} toast={toast} />
      ))}
      <ToastViewport
        label={t('toasts.region')}
        onPointerEnter={() => update({ pointer: true })}
        onPointerLeave={() => update({ pointer: false })}
        onFocus={() => update({ focus: true })}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget)) update({ focus: false });
        }}
      />
    </ToastProvider>
  );
}
