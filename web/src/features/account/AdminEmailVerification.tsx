import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MailCheck } from 'lucide-react';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { useErrorText } from '../../app/forms/useErrorText';
import { sendEmailVerification } from './account-api';
import './account.css';

type Outcome = { tone: 'success' | 'error'; text: string } | null;

/**
 * The account's address is listed as a super administrator's but not verified yet: the rights
 * wait for the mailed link, which can be sent again from here.
 */
export function AdminEmailVerification() {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const send = async () => {
    setBusy(true);
    setOutcome(null);
    try {
      const { email } = await sendEmailVerification(i18n.language);
      setOutcome({ tone: 'success', text: t('emailVerification.sent', { email }) });
    } catch (error) {
      setOutcome({ tone: 'error', text: errorText(error, 'emailVerification.sendError') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="account-verification" aria-label={t('emailVerification.title')}>
      <Alert tone="info">{t('emailVerification.pending')}</Alert>
      <Button size="sm" variant="secondary" icon={MailCheck} busy={busy} onClick={send}>
        {busy ? t('emailVerification.sending') : t('emailVerification.send')}
      </Button>
      {outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}
    </section>
  );
}
