import { Logo } from '../header/Logo';
import { ErrorPage } from '../../pages/ErrorPage';

/** The error page when the frame itself failed: no header, just the logo and the message. */
export function StandaloneErrorPage() {
  return (
    <div className="app app--standalone">
      <div className="app__standalone-logo">
        <Logo />
      </div>
      <main id="main" className="app__main">
        <ErrorPage />
      </main>
    </div>
  );
}
