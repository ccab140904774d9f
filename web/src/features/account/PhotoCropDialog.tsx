import { useTranslation } from 'react-i18next';
import Cropper from 'react-easy-crop';
import 'react-easy-crop/react-easy-crop.css';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Dialog, DialogContent } from '../../ui/Dialog';
import { useMessage } from '../../app/forms/useMessage';
import { usePhotoCrop } from './usePhotoCrop';

type PhotoCropDialogProps = {
  /** A blob URL of the chosen file. */
  imageUrl: string;
  /** Saves the cropped 64×64 JPEG data URL; a failure is shown in the dialog. */
  onSave: (avatar: string) => Promise<void>;
  onClose: () => void;
};

/** Crop a new profile photo to a square (at least 50 px), saved as a 64×64 JPEG (spec §5). */
export function PhotoCropDialog({ imageUrl, onSave, onClose }: PhotoCropDialogProps) {
  const { t } = useTranslation();
  const { text } = useMessage();
  const photo = usePhotoCrop(imageUrl, onSave);
  return (
    <Dialog open onOpenChange={(open) => !open && !photo.busy && onClose()}>
      <DialogContent
        title={t('user.cropTitle')}
        description={t('user.cropDescription')}
        closeLabel={t('common.close')}
      >
        <div className="cropper">
          <Cropper
            image={imageUrl}
            crop={photo.crop}
            zoom={photo.zoom}
            maxZoom={photo.maxZoom}
            aspect={1}
            cropShape="rect"
            showGrid
            onCropChange={photo.setCrop}
            onZoomChange={photo.setZoom}
            onCropComplete={(_, pixels) => photo.setArea(pixels)}
            onMediaLoaded={photo.onMediaLoaded}
            disableAutomaticStylesInjection
            mediaProps={{ alt: t('user.cropImageAlt') }}
          />
        </div>
        <label className="cropper-zoom">
          <span className="cropper-zoom__label">{t('user.zoom')}</span>
          <input
            type="range"
            min={1}
            max={photo.maxZoom}
            step={0.01}
            value={photo.zoom}
            disabled={photo.maxZoom === 1}
            onChange={(event) => photo.setZoom(Number(event.target.value))}
          />
        </label>
        {photo.message && <Alert tone="error">{text(photo.message)}</Alert>}
        <div className="dialog__actions">
          <Button variant="ghost" onClick={onClose} disabled={photo.busy}>
            {t('common.cancel')}
          </Button>
          <Button
            variant="primary"
            busy={photo.busy}
            disabled={!photo.ready}
            onClick={() => void photo.save()}
          >
            {photo.busy ? t('common.saving') : t('user.savePhoto')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
