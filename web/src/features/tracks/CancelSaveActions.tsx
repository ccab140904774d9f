import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { DialogActions, DialogClose } from '../../ui/Dialog';

type CancelSaveActionsProps = { busy: boolean; disabled?: boolean };

/** The footer of a tracks form dialog: Cancel closes it, Save submits the form. */
export function CancelSaveActions({ busy, disabled = false }: CancelSaveActionsProps) {
  const { t } = useTranslation();
  return (
    <DialogActions>
      <DialogClose asChild>
        <Button variant="secondary">{t('common.cancel')}</Button>
      </DialogClose>
      <Button type="submit" variant="primary" busy={busy} disabled={disabled}>
        {t('common.save')}
      </Button>
    </DialogActions>
  );
}
