import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Copy, Pencil, Trash2 } from 'lucide-react';
import { Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import {
  Dialog,
  DialogActions,
  DialogClose,
  DialogContent,
  DialogTrigger,
} from '../../../ui/Dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../ui/DropdownMenu';
import { Panel } from '../../../ui/Panel';
import { Tooltip } from '../../../ui/Tooltip';
import { notify } from '../../../app/toasts/toast-store';
import { VARIANTS, variantNotice } from '../sample-notices';

/** What opens above the page: a dialog, a confirmation, a menu, a tooltip and the toasts. */
export function OverlaysDemo() {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  return (
    <Panel title={t('dev.uiDemo.overlays')}>
      <div className="ui-demo__row">
        <Dialog>
          <DialogTrigger asChild>
            <Button>{t('dev.uiDemo.openDialog')}</Button>
          </DialogTrigger>
          <DialogContent
            title={t('dev.uiDemo.dialogTitle')}
            description={t('dev.uiDemo.dialogText')}
            closeLabel={t('dev.uiDemo.close')}
          >
            <DialogActions>
              <DialogClose asChild>
                <Button variant="primary">{t('dev.uiDemo.close')}</Button>
              </DialogClose>
            </DialogActions>
          </DialogContent>
        </Dialog>
        <Button variant="danger" onClick={() => setConfirming(true)}>
          {t('dev.uiDemo.openConfirm')}
        </Button>
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button>{t('dev.uiDemo.openMenu')}</Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="start">
            <DropdownMenuLabel>{t('dev.uiDemo.menuLabel')}</DropdownMenuLabel>
            <DropdownMenuItem icon={Pencil}>{t('dev.uiDemo.menuEdit')}</DropdownMenuItem>
            <DropdownMenuItem icon={Copy}>{t('dev.uiDemo.menuCopy')}</DropdownMenuItem>
            <DropdownMenuSeparator />
            <DropdownMenuItem icon={Trash2}>{t('dev.uiDemo.menuDelete')}</DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
        <Tooltip content={t('dev.uiDemo.tooltipText')}>
          <Button variant="ghost">{t('dev.uiDemo.hoverMe')}</Button>
        </Tooltip>
      </div>
      <div className="ui-demo__row">
        {VARIANTS.map((variant) => (
          <Button key={variant} size="sm" onClick={() => notify(variantNotice(t, variant))}>
            {t('dev.uiDemo.toast', { variant: t(`dev.notices.${variant}`) })}
          </Button>
        ))}
      </div>
      <ConfirmDialog
        open={confirming}
        title={t('dev.uiDemo.confirmTitle')}
        message={t('dev.uiDemo.confirmText')}
        confirmLabel={t('dev.uiDemo.menuDelete')}
        cancelLabel={t('dev.uiDemo.cancel')}
        danger
        onConfirm={() => setConfirming(false)}
        onCancel={() => setConfirming(false)}
      />
    </Panel>
  );
}
