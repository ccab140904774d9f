import { useTranslation } from 'react-i18next';
import { MailCheck } from 'lucide-react';
import { Button } from '../../ui/Button';

type ResetLinkSentProps = { email: string; onDone: () => void };

/** The "sent" state of the forgot-password dialog: where the link went (masked by the server). */
export function ResetLinkSent({ email, onDone }: ResetLinkSentProps) {
  const { t } = useTranslation();
  return (
    <div className="sent">
      <span className="sent__icon" aria-hidden>
        <MailCheck size={26} />
      </span>
      <p role="status">
        {t('auth.forgot.sentText')} <strong className="sent__email">{email}</strong>
      </p>
      <p className="sent__hint">{t('auth.forgot.sentHint')}</p>
      <Button variant="primary" onClick={onDone}>
        {t('auth.forgot.done')}
      </Button>
    </div>
  );
}
