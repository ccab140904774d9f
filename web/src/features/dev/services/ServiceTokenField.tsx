import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Trash2 } from 'lucide-react';
import { Button } from '../../../ui/Button';
import { PasswordField } from '../../../ui/PasswordField';
import { useServiceToken } from '../../import/token-storage';

/**
 * The streaming-service token of the page: the one this browser keeps for the import, or one
 * typed here. It goes with each call and is never stored on the server; `keep` stores it in
 * this browser as the import does.
 */
export function useDevServiceToken() {
  const { token: kept, save, forget } = useServiceToken();
  const [draft, setDraft] = useState<string | null>(null);
  const token = (draft ?? kept ?? '').trim();
  return {
    token,
    kept,
    setDraft,
    keep: () => {
      if (token) save(token);
      setDraft(null);
    },
    forget: () => {
      forget();
      setDraft('');
    },
  };
}

export function ServiceTokenField({ state }: { state: ReturnType<typeof useDevServiceToken> }) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordField
        label={t('yandexMusic.token.label')}
        value={state.token}
        onChange={state.setDraft}
        autoComplete="off"
        showLabel={t('yandexMusic.token.show')}
        hideLabel={t('yandexMusic.token.hide')}
        hint={t('dev.services.tokenKept')}
      />
      {state.kept && (
        <Button variant="ghost" icon={Trash2} onClick={state.forget}>
          {t('yandexMusic.token.forget')}
        </Button>
      )}
    </>
  );
}
