import type { TFunction } from 'i18next';
import type { Notice, ToastVariant } from '../../app/toasts/toast-store';

export const VARIANTS: ToastVariant[] = ['default', 'info', 'success', 'warning', 'error'];

/** A notice of the given variant, saying something that variant is for. */
export function variantNotice(t: TFunction, variant: ToastVariant): Notice {
  return {
    variant,
    title: t(`dev.notices.samples.${variant}.title`),
    message: t(`dev.notices.samples.${variant}.message`),
  };
}

/** The notices that show the timing rules: with an action, closable, and a long duration. */
export function behaviourNotices(t: TFunction, notify: (notice: Notice) => string) {
  return [
    {
      label: t('dev.notices.withAction'),
      notice: {
        icon: 'music',
        title: t('dev.notices.actionTitle'),
        message: t('dev.notices.actionMessage'),
        actions: [
          {
            id: 'undo',
            label: t('dev.notices.undo'),
            variant: 'primary',
            onClick: () => notify({ variant: 'success', title: t('dev.notices.undone') }),
          },
        ],
      },
    },
    {
      label: t('dev.notices.closable'),
      notice: {
        variant: 'warning',
        closable: true,
        title: t('dev.notices.closableTitle'),
        message: t('dev.notices.closableMessage'),
      },
    },
    {
      label: t('dev.notices.long'),
      notice: { variant: 'info', duration: 10_000, title: t('dev.notices.longMessage') },
    },
  ] satisfies { label: string; notice: Notice }[];
}
