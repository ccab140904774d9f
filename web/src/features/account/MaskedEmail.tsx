import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Eye, EyeOff } from 'lucide-react';
import { IconButton } from '../../ui/IconButton';
import { maskEmail } from '@music-rooms/domain/auth';

type MaskedEmailProps = { email: string };

/** The e-mail, hidden by default (j•••n@example.com), with a button that shows it. */
export function MaskedEmail({ email }: MaskedEmailProps) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <span className="masked-email">
      <span className="masked-email__value">{shown ? email : maskEmail(email)}</span>
      <IconButton
        size="sm"
        icon={shown ? EyeOff : Eye}
        label={shown ? t('account.hideEmail') : t('account.showEmail')}
        aria-pressed={shown}
        onClick={() => setShown((value) => !value)}
      />
    </span>
  );
}
