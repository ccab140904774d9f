import { useTranslation } from 'react-i18next';
import { Toast, ToastAction, ToastClose, ToastDescription, ToastTitle } from '../../ui/Toast';
import { TOAST_ICONS, VARIANT_ICONS } from './toast-icons';
import { toastStore, type Toast as ToastData } from './toast-store';

type ToastCardProps = { toast: ToastData };

/** One notice: icon, title, message, actions and (when closable) a close button. */
export function ToastCard({ toast }: ToastCardProps) {
  const { t } = useTranslation();
  const Icon = toast.icon ? TOAST_ICONS[toast.icon] : VARIANT_ICONS[toast.variant];
  const urgent = toast.variant === 'error' || toast.variant === 'warning';
  return (
    <Toast
      variant={toast.variant}
      type={urgent ? 'foreground' : 'background'}
      open
      onOpenChange={(open) => !open && toastStore.dismiss(toast.id)}
    >
      <span className="toast__icon" aria-hidden>
        <Icon size={17} strokeWidth={2.2} />
      </span>
      <div className="toast__body">
        {toast.title && <ToastTitle>{toast.title}</ToastTitle>}
        {toast.message && <ToastDescription>{toast.message}</ToastDescription>}
        {toast.actions.length > 0 && (
          <div className="toast__actions">
            {toast.actions.map((action) => (
              <ToastAction
                key={action.id}
                altText={action.label}
                tone={action.variant}
                onClick={(event) => {
                  // The store closes the notice after running the action.
                  event.preventDefault();
                  toastStore.runAction(toast.id, action.id);
                }}
              >
                {action.label}
              </ToastAction>
            ))}
          </div>
        )}
      </div>
      {toast.closable ? <ToastClose label={t('toasts.close')} /> : <span />}
    </Toast>
  );
}
