import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageUp, Palette, Trash2 } from 'lucide-react';
import type { SessionUser } from '@music-rooms/domain/auth';
import { Alert } from '../../ui/Alert';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { useMessage } from '../../app/forms/useMessage';
import { PHOTO_ACCEPT } from './photo-file';
import { PhotoCropDialog } from './PhotoCropDialog';
import { useAvatarActions } from './useAvatarActions';
import './account.css';

type AvatarEditorProps = { user: SessionUser };

/** The profile photo: upload and crop a new one, or remove it for a new random colour. */
export function AvatarEditor({ user }: AvatarEditorProps) {
  const { t } = useTranslation();
  const { text } = useMessage();
  const input = useRef<HTMLInputElement>(null);
  const avatar = useAvatarActions(user);
  return (
    <div className="avatar-editor">
      <Avatar name={user.name} avatar={user.avatar} size="xl" alt={t('user.photoAlt')} />
      <div className="avatar-editor__body">
        <p className="avatar-editor__hint">{t('user.photoHint')}</p>
        <div className="avatar-editor__actions">
          <input
            ref={input}
            type="file"
            accept={PHOTO_ACCEPT}
            className="visually-hidden"
            tabIndex={-1}
            aria-hidden
            onChange={avatar.choose}
          />
          <Button size="sm" variant="primary" icon={ImageUp} onClick={() => input.current?.click()}>
            {avatar.hasPhoto ? t('user.changePhoto') : t('user.uploadPhoto')}
          </Button>
          <Button
            size="sm"
            variant="secondary"
            icon={avatar.hasPhoto ? Trash2 : Palette}
            busy={avatar.busy}
            onClick={() => void avatar.reset()}
          >
            {avatar.hasPhoto ? t('user.removePhoto') : t('user.newColor')}
          </Button>
        </div>
        {avatar.problem && <Alert tone="error">{text(avatar.problem)}</Alert>}
      </div>
      {avatar.imageUrl && (
        <PhotoCropDialog
          imageUrl={avatar.imageUrl}
          onSave={avatar.save}
          onClose={avatar.closeCrop}
        />
      )}
    </div>
  );
}
