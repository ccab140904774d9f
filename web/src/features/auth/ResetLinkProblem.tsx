import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TriangleAlert } from 'lucide-react';
import { Button } from '../../ui/Button';
import { Panel } from '../../ui/Panel';
import { openDialog } from '../../app/dialogs/dialog-store';
import { useLocalePath } from '../../app/language/useLocalePath';

export type ResetLinkIssue = 'missing' | 'invalid' | 'expired' | 'used' | 'verifyFailed';

const MESSAGES = {
  missing: 'auth.errors.tokenMissing',
  invalid: 'auth.errors.linkInvalid',
  expired: 'auth.errors.linkExpired',
  used: 'auth.errors.linkUsed',
  verifyFailed: 'auth.errors.verifyFailed',
} as const;

type ResetLinkProblemProps = { issue: ResetLinkIssue; onRetry: () => void };

/** Why the reset link cannot be used, and what to do instead (ask for a new one). */
export function ResetLinkProblem({ issue, onRetry }: ResetLinkProblemProps) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  return (
    <Panel tone="warning">
      <p className="notice-line" role="alert">
        <TriangleAlert aria-hidden size={18} />
        <strong>{t(MESSAGES[issue])}</strong>
      </p>
      <p className="notice-line__hint">{t(`resetPassword.hints.${issue}`)}</p>
      <div className="reset-actions">
        {issue === 'verifyFailed' ? (
          <Button variant="primary" onClick={onRetry}>
            {t('resetPassword.retry')}
          </Button>
        ) : (
          <Button variant="primary" onClick={() => openDialog({ kind: 'forgotPassword' })}>
            {t('resetPassword.requestNew')}
          </Button>
        )}
        <Link to={localePath('/')}>{t('common.goHome')}</Link>
      </div>
    </Panel>
  );
}
