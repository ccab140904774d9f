import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CircleCheck, TriangleAlert } from 'lucide-react';
import type { EmailVerificationState } from '@music-rooms/domain/auth';
import { Button } from '../../ui/Button';
import { Panel } from '../../ui/Panel';
import { useLocalePath } from '../../app/language/useLocalePath';

/** What the page can say about a link: what the server answered, or why it could not ask. */
export type VerificationOutcome = EmailVerificationState | 'missing' | 'failed';

type EmailVerificationResultProps = { outcome: VerificationOutcome; onRetry: () => void };

/** The result of opening an e-mail verification link, and what to do next. */
export function EmailVerificationResult({ outcome, onRetry }: EmailVerificationResultProps) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const verified = outcome === 'verified';
  const Icon = verified ? CircleCheck : TriangleAlert;
  return (
    <Panel tone={verified ? 'default' : 'warning'}>
      <p className="notice-line" role={verified ? 'status' : 'alert'}>
        <Icon aria-hidden size={18} />
        <strong>{t(`emailVerification.outcome.${outcome}`)}</strong>
      </p>
      <p className="notice-line__hint">{t(`emailVerification.hints.${outcome}`)}</p>
      <div className="reset-actions">
        {outcome === 'failed' && (
          <Button variant="primary" onClick={onRetry}>
            {t('emailVerification.retry')}
          </Button>
        )}
        <Link to={localePath('/')}>{t('common.goHome')}</Link>
      </div>
    </Panel>
  );
}
