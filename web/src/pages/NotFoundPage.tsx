import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { House } from 'lucide-react';
import { usePageHeader } from '../app/header/usePageHeader';
import { useLocalePath } from '../app/language/useLocalePath';
import { buttonClass } from '../ui/button-class';
import { StatusMessage } from '../ui/StatusMessage';
import '../ui/button.css';

/** The 404 page: unknown addresses, and pages the viewer may not open. */
export function NotFoundPage() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  usePageHeader({ title: t('notFound.title') });
  return (
    <StatusMessage code={t('notFound.code')} title={t('notFound.title')} text={t('notFound.text')}>
      <Link to={localePath('/')} className={buttonClass('primary')}>
        <House aria-hidden size={17} />
        {t('common.goHome')}
      </Link>
    </StatusMessage>
  );
}
