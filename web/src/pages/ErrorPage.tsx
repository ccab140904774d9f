import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ServerErrorMessage } from '../app/errors/ServerErrorMessage';
import { NotFoundPage } from './NotFoundPage';

/** The error page of the router: 404 for unknown routes, the 500 message for everything else. */
export function ErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return <ServerErrorMessage error={error} />;
}
