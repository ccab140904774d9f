import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Upload } from 'lucide-react';
import { Button } from '../../ui/Button';

/** The audio formats the server takes (spec §5), for the file chooser's filter. */
export const AUDIO_ACCEPT = 'audio/*,.mp3,.wav,.flac,.aac,.m4a,.ogg,.oga';

type UploadButtonProps = {
  onFiles: (files: File[]) => void;
  label?: string;
  variant?: 'primary' | 'secondary';
};

/** Opens the file chooser (several files make a batch). */
export function UploadButton({ onFiles, label, variant = 'primary' }: UploadButtonProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button
        size="sm"
        variant={variant}
        icon={Upload}
        className="upload-button"
        onClick={() => input.current?.click()}
      >
        {label ?? t('tracks.upload.button')}
      </Button>
      <input
        ref={input}
        type="file"
        multiple
        accept={AUDIO_ACCEPT}
        hidden
        aria-label={label ?? t('tracks.upload.button')}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </>
  );
}
