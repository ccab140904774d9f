import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../ui/PasswordField';
import { Switch } from '../../../ui/Switch';
import type { FormField } from '../../../app/forms/useZodForm';

type PasswordChoiceProps = { mode: FormField; password: FormField };

/** A new room's optional password: a switch, and the password field when it is on. */
export function PasswordChoice({ mode, password }: PasswordChoiceProps) {
  const { t } = useTranslation();
  const on = mode.value === 'set';
  return (
    <>
      <Switch
        label={t('rooms.form.protect')}
        description={t('rooms.form.protectHint')}
        checked={on}
        onChange={(checked) => mode.onChange(checked ? 'set' : 'keep')}
      />
      {on && (
        <PasswordField
          {...password}
          label={t('rooms.form.password')}
          showLabel={t('auth.showPassword')}
          hideLabel={t('auth.hidePassword')}
          autoComplete="new-password"
        />
      )}
    </>
  );
}
