import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KeyRound, Trash2 } from 'lucide-react';
import { isServiceTokenFormat } from '@music-rooms/domain/schemas/yandex-music';
import { YANDEX_MUSIC_ERRORS } from '@music-rooms/domain/yandex-music';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { PasswordField } from '../../ui/PasswordField';
import { useErrorText } from '../../app/forms/useErrorText';
import { validateToken } from './import-api';
import { useServiceToken } from './token-storage';

type Outcome = { tone: 'success' | 'error'; text: string } | null;

/**
 * The personal token: typed once, checked against the service (the answer names a track the
 * account can read, when there is one), then kept in this browser only. Forgetting it is one
 * click.
 */
export function TokenSection() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { token, save, forget } = useServiceToken();
  const [draft, setDraft] = useState('');
  const [checking, setChecking] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const value = draft || token || '';

  const check = async () => {
    if (!value.trim())
      return setOutcome({ tone: 'error', text: t('yandexMusic.errors.enterTokenFirst') });
    if (!isServiceTokenFormat(value)) {
      return setOutcome({ tone: 'error', text: t('yandexMusic.errors.tokenFormatInvalid') });
    }
    setChecking(true);
    try {
      const result = await validateToken(value.trim());
      save(value.trim());
      setDraft('');
      setOutcome({
        tone: 'success',
        text:
          result.testTrackTitle === null
            ? t('yandexMusic.success.tokenValidNoTrack')
            : t('yandexMusic.success.tokenValid', { title: result.testTrackTitle }),
      });
    } catch (error) {
      setOutcome({
        tone: 'error',
        text: errorText(error, YANDEX_MUSIC_ERRORS.tokenValidationFailed),
      });
    } finally {
      setChecking(false);
    }
  };

  return (
    <section className="import-token">
      <div className="import-token__row">
        <PasswordField
          label={t('yandexMusic.token.label')}
          value={value}
          onChange={(next) => {
            setDraft(next);
            setOutcome(null);
          }}
          autoComplete="off"
          showLabel={t('yandexMusic.token.show')}
          hideLabel={t('yandexMusic.token.hide')}
          hint={t('yandexMusic.token.kept')}
        />
        <div className="import-token__actions">
          <Button
            size="sm"
            variant="primary"
            icon={KeyRound}
            busy={checking}
            onClick={() => void check()}
          >
            {t('yandexMusic.token.check')}
          </Button>
          {token && (
            <Button
              size="sm"
              variant="ghost"
              icon={Trash2}
              onClick={() => {
                forget();
                setDraft('');
                setOutcome({ tone: 'success', text: t('yandexMusic.token.forgotten') });
              }}
            >
              {t('yandexMusic.token.forget')}
            </Button>
          )}
        </div>
      </div>
      {outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}
      <details className="import-token__help">
        <summary>{t('yandexMusic.token.howTo')}</summary>
        <p>{t('yandexMusic.token.howToText')}</p>
      </details>
    </section>
  );
}
