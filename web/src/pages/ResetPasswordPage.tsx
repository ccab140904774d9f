import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { KeyRound, LoaderCircle } from 'lucide-react';
import { ResetLinkProblem } from '../features/auth/ResetLinkProblem';
import { ResetPasswordForm } from '../features/auth/ResetPasswordForm';
import { verifyResetToken } from '../features/auth/reset-api';
import { usePageHeader } from '../app/header/usePageHeader';
import { SAME_FOR_EVERYONE } from '../app/query-cache/query-client';
import { PageHeading } from '../ui/PageHeading';
import { Panel } from '../ui/Panel';
import '../features/auth/auth.css';

/**
 * Reset password, opened from the e-mailed link: the token is checked (verifying, then valid,
 * expired, used or invalid; missing without one), and a valid one lets the user set a new one.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  usePageHeader({ title: t('resetPassword.title'), icon: KeyRound });
  const check = useQuery({
    queryKey: ['reset-token', token],
    queryFn: () => verifyResetToken(token),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
    meta: SAME_FOR_EVERYONE,
  });

  const state =
    token === '' ? 'missing' : check.isError ? 'verifyFailed' : (check.data ?? 'verifying');
  return (
    <div className="reset-page">
      <PageHeading title={t('resetPassword.title')} intro={t('resetPassword.intro')} />
      {state === 'verifying' && (
        <p className="reset-verifying" role="status">
          <LoaderCircle aria-hidden size={18} className="spin" />
          {t('resetPassword.verifying')}
        </p>
      )}
      {state === 'valid' && (
        <Panel>
          <ResetPasswordForm token={token} />
        </Panel>
      )}
      {state !== 'verifying' && state !== 'valid' && (
        <ResetLinkProblem issue={state} onRetry={() => void check.refetch()} />
      )}
    </div>
  );
}
