import { Suspense, type ComponentType } from 'react';
import { useOpenDialog, type AppDialog } from './dialog-store';

type AppDialogsProps = {
  /**
   * Renders one open dialog. The features own the dialogs, so the shell passes their switch in:
   * app/ holds only the store, and no folder cycle runs from here back to the features.
   */
  Switch: ComponentType<{ dialog: AppDialog }>;
};

/** Shows the app dialog that is open (sign in, account, profile, password...). */
export function AppDialogs({ Switch }: AppDialogsProps) {
  const dialog = useOpenDialog();
  if (!dialog) return null;
  return (
    <Suspense fallback={null}>
      <Switch dialog={dialog} />
    </Suspense>
  );
}
