import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LoaderCircle, MailCheck } from 'lucide-react';
import {
  EmailVerificationResult,
  type VerificationOutcome,
} from '../features/account/EmailVerificationResult';
import { verifyEmail } from '../features/account/account-api';
import { usePageHeader } from '../app/header/usePageHeader';
import { SAME_FOR_EVERYONE } from '../app/query-cache/query-client';
import { useSessionActions } from '../app/session/useSessionActions';
import { PageHeading } from '../ui/PageHeading';
import '../features/auth/auth.css';

/**
 * E-mail verification, opened from the mailed link: the link is used once, and the page says
 * whether the address is now verified (and the session shows the rights it brings) or why not.
 */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  const { refresh } = useSessionActions();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  usePageHeader({ title: t('emailVerification.title'), icon: MailCheck });
  const check = useQuery({
    queryKey: ['verify-email', token],
    queryFn: () => verifyEmail(token),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
    meta: SAME_FOR_EVERYONE,
  });
  const verified = check.data?.state === 'verified';

  useEffect(() => {
    if (verified) void refresh();
  }, [verified, refresh]);

  const outcome: VerificationOutcome | 'verifying' =
    token === '' ? 'missing' : check.isError ? 'failed' : (check.data?.state ?? 'verifying');
  return (
    <div className="reset-page">
      <PageHeading title={t('emailVerification.title')} />
      {outcome === 'verifying' ? (
        <p className="reset-verifying" role="status">
          <LoaderCircle aria-hidden size={18} className="spin" />
          {t('emailVerification.verifying')}
        </p>
      ) : (
        <EmailVerificationResult outcome={outcome} onRetry={() => void check.refetch()} />
      )}
    </div>
  );
}
