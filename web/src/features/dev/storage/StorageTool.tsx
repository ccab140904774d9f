import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DEV_STORAGE_LIMITS, type DevStoredObject } from '@music-rooms/domain/dev-storage';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { buttonClass } from '../../../ui/button-class';
import { Panel } from '../../../ui/Panel';
import { TextField } from '../../../ui/TextField';
import { useTimedCall } from '../useTimedCall';
import { StorageInfoPanel } from './StorageInfoPanel';
import { ObjectTable } from './ObjectTable';
import { listObjects, presignObject, removeObject, uploadObject } from './storage-api';

/**
 * /dev/debug-r2: the configured store at work. List its objects by prefix, store a file, fetch
 * one back, presign it and delete what this page stored, each with how long it took.
 */
export function StorageTool() {
  const { t } = useTranslation();
  const [prefix, setPrefix] = useState('');
  const [objects, setObjects] = useState<DevStoredObject[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const list = useTimedCall(listObjects);
  const upload = useTimedCall(uploadObject);
  const presign = useTimedCall(presignObject);
  const remove = useTimedCall(removeObject);
  const [tooLarge, setTooLarge] = useState(false);
  const { start: startList } = list;

  const load = async (from: string | null) => {
    const page = await startList(prefix, from);
    if (!page) return;
    setObjects((shown) => (from ? [...shown, ...page.objects] : page.objects));
    setNext(page.next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void load(null);
  };
  const store = async (file: File | undefined) => {
    setTooLarge(Boolean(file && file.size > DEV_STORAGE_LIMITS.uploadMaxBytes));
    if (!file || file.size > DEV_STORAGE_LIMITS.uploadMaxBytes) return;
    if (await upload.start(file)) await load(null);
  };
  const drop = async (key: string) => {
    if (await remove.start(key))
      setObjects((shown) => shown.filter((object) => object.key !== key));
  };

  const failure = list.error ?? upload.error ?? presign.error ?? remove.error;
  return (
    <>
      <StorageInfoPanel />
      <Panel title={t('dev.storage.uploadTitle')}>
        <label className={buttonClass('secondary', 'md', 'dev-file')}>
          {upload.busy ? t('dev.storage.uploading') : t('dev.storage.chooseFile')}
          <input
            type="file"
            className="dev-file__input"
            onChange={(event) => void store(event.target.files?.[0])}
          />
        </label>
        {tooLarge && (
          <Alert tone="error">
            {t('devStorage.errors.tooLarge', {
              mb: DEV_STORAGE_LIMITS.uploadMaxBytes / 1024 / 1024,
            })}
          </Alert>
        )}
        {upload.result && (
          <Alert tone="success">
            {t('dev.storage.stored', { key: upload.result.value.key, ms: upload.result.ms })}
          </Alert>
        )}
      </Panel>
      <Panel title={t('dev.storage.objectsTitle')}>
        <form className="dev-form" onSubmit={submit}>
          <TextField
            label={t('dev.storage.prefix')}
            value={prefix}
            onChange={setPrefix}
            placeholder="audio/"
          />
          <Button type="submit" busy={list.busy}>
            {t('dev.storage.list')}
          </Button>
        </form>
        {failure && <Alert tone="error">{failure}</Alert>}
        {list.result && (
          <p className="dev-muted">
            {t('dev.storage.listed', { count: objects.length, ms: list.result.ms })}
          </p>
        )}
        {presign.result && (
          <Alert tone="info">
            {presign.result.value.url ? (
              <>
                {t('dev.storage.presigned', {
                  ms: presign.result.ms,
                  seconds: presign.result.value.expiresInSeconds,
                })}{' '}
                <a
                  className="dev-code"
                  href={presign.result.value.url}
                  target="_blank"
                  rel="noreferrer"
                >
                  {presign.result.value.url}
                </a>
              </>
            ) : (
              t('dev.storage.noPresign')
            )}
          </Alert>
        )}
        {list.result && (
          <ObjectTable
            objects={objects}
            busy={presign.busy || remove.busy}
            onPresign={(key) => void presign.start(key)}
            onRemove={(key) => void drop(key)}
          />
        )}
        {next && (
          <Button onClick={() => void load(next)} busy={list.busy}>
            {t('dev.storage.more')}
          </Button>
        )}
      </Panel>
    </>
  );
}
