import { Outlet } from 'react-router';
import { DevNav } from '../features/dev/DevNav';
import { useSession } from '../app/session/useSession';
import { useIsSuperAdmin } from '../app/session/useViewer';
import { NotFoundPage } from './NotFoundPage';
import '../features/dev/dev.css';

/** The developer area (/dev and below): for super administrators; to anyone else it does not exist. */
export function DevLayoutPage() {
  const superAdmin = useIsSuperAdmin();
  const { loading } = useSession();
  // Until the session answers, a visitor not known as an administrator sees nothing yet.
  if (!superAdmin) return loading ? null : <NotFoundPage />;
  return (
    <div className="dev">
      <DevNav />
      <div className="dev__content">
        <Outlet />
      </div>
    </div>
  );
}
