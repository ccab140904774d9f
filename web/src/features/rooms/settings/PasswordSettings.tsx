import { useTranslation } from 'react-i18next';
import { KeyRound } from 'lucide-react';
import { Button } from '../../../ui/Button';
import { PasswordField } from '../../../ui/PasswordField';
import type { FormField } from '../../../app/forms/useZodForm';
import { PasswordChoice } from '../form/PasswordChoice';

type PasswordSettingsProps = { hasPassword: boolean; mode: FormField; password: FormField };

/** The room's password in its settings: set one, or change or remove the one it has. */
export function PasswordSettings({ hasPassword, mode, password }: PasswordSettingsProps) {
  const { t } = useTranslation();
  if (!hasPassword) return <PasswordChoice mode={mode} password={password} />;
  const keep = (
    <Button variant="ghost" size="sm" onClick={() => mode.onChange('keep')}>
      {t('rooms.settings.keepPassword')}
    </Button>
  );
  return (
    <div className="password-settings">
      <p className="password-settings__state">
        <KeyRound aria-hidden size={16} />
        {mode.value === 'remove'
          ? t('rooms.settings.passwordRemoved')
          : t('rooms.settings.passwordSet')}
      </p>
      {mode.value === 'keep' && (
        <div className="password-settings__actions">
          <Button size="sm" onClick={() => mode.onChange('set')}>
            {t('rooms.settings.changePassword')}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => mode.onChange('remove')}>
            {t('rooms.settings.removePassword')}
          </Button>
        </div>
      )}
      {mode.value === 'set' && (
        <>
          <PasswordField
            {...password}
            label={t('rooms.settings.newPassword')}
            showLabel={t('auth.showPassword')}
            hideLabel={t('auth.hidePassword')}
            autoComplete="new-password"
          />
          <div className="password-settings__actions">{keep}</div>
        </>
      )}
      {mode.value === 'remove' && <div className="password-settings__actions">{keep}</div>}
    </div>
  );
}
