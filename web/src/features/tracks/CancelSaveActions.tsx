import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { DialogActions, DialogClose } from '../../ui/Dialog';

/** The footer of a tracks form dialog: Cancel closes it, Save submits the form. */
export function CancelSaveActions({ busy }: { busy: boolean }) {
  const { t } = useTranslation();
  return (
    <DialogActions>
      <DialogClose asChild>
        <Button variant="secondary">{t('common.cancel')}</Button>
      </DialogClose>
      <Button type="submit" variant="primary" busy={busy}>
        {t('common.save')}
      </Button>
    </DialogActions>
  );
}
