import { useTranslation } from 'react-i18next';
import { DevTable } from '../DevTable';
import { DEV_STORAGE_LIMITS, type DevStoredObject } from '@music-rooms/domain/dev-storage';
import { Button } from '../../../ui/Button';
import { buttonClass } from '../../../ui/button-class';
import { useTrackFormat } from '../../tracks/useTrackFormat';
import { downloadUrl } from './storage-api';

type ObjectTableProps = {
  objects: DevStoredObject[];
  busy: boolean;
  onPresign: (key: string) => void;
  onRemove: (key: string) => void;
};

/** The listed objects with what can be done to each; only the page's own can be deleted. */
export function ObjectTable({ objects, busy, onPresign, onRemove }: ObjectTableProps) {
  const { t } = useTranslation();
  const format = useTrackFormat();
  return (
    <DevTable
      headings={[t('dev.storage.key'), t('dev.storage.size'), t('dev.storage.modified'), '']}
      rows={objects}
      empty={t('dev.storage.empty')}
      label={t('dev.storage.objectsTitle')}
    >
      {objects.map((object) => (
        <tr key={object.key}>
          <td className="dev-code">{object.key}</td>
          <td className="dev-num">{format.bytes(object.size)}</td>
          <td className="dev-num">{format.date(object.lastModified)}</td>
          <td>
            <div className="button-row dev-actions">
              <a className={buttonClass('ghost', 'sm')} href={downloadUrl(object.key)} download>
                {t('dev.storage.download')}
              </a>
              <Button
                size="sm"
                variant="ghost"
                disabled={busy}
                onClick={() => onPresign(object.key)}
              >
                {t('dev.storage.presign')}
              </Button>
              {object.key.startsWith(DEV_STORAGE_LIMITS.uploadPrefix) && (
                <Button
                  size="sm"
                  variant="danger"
                  disabled={busy}
                  onClick={() => onRemove(object.key)}
                >
                  {t('dev.storage.delete')}
                </Button>
              )}
            </div>
          </td>
        </tr>
      ))}
    </DevTable>
  );
}
