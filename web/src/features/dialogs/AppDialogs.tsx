import { Suspense } from 'react';
import { lazyComponent } from '../build-updates/load-chunk';
import { useOpenDialog } from './dialog-store';

// The dialogs carry the form rules (and zod with them): they load the first time one opens.
const DialogSwitch = lazyComponent(() => import('./DialogSwitch'), 'DialogSwitch');

/** Shows the app dialog that is open (sign in, account, profile, password...). */
export function AppDialogs() {
  const dialog = useOpenDialog();
  if (!dialog) return null;
  return (
    <Suspense fallback={null}>
      <DialogSwitch dialog={dialog} />
    </Suspense>
  );
}
