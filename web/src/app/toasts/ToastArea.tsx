import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ToastProvider, ToastViewport } from '../../ui/Toast';
import { ToastCard } from './ToastCard';
import { useToastPause } from './useToastPause';
import { useToasts } from './useToasts';

/** The toast area: shows the notices store, and pauses its timers while hovered or focused. */
export function ToastArea() {
  const { t } = useTranslation();
  const toasts = useToasts();
  const viewport = useRef<HTMLOListElement>(null);
  useToastPause(viewport, toasts.length);

  return (
    <ToastProvider label={t('toasts.label')}>
      {toasts.map((toast) => (
        <ToastCard key={toast.id} toast={toast} />
      ))}
      <ToastViewport ref={viewport} label={t('toasts.region')} />
    </ToastProvider>
  );
}
