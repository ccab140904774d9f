import { useState } from 'react';
import { useErrorText } from '../../../app/forms/useErrorText';
import { notify } from '../../../app/toasts/toast-store';

/**
 * Runs one change to a room's users and reports it as a notice: its success, or the server's
 * reason for refusing (the removal rules: "You can only remove users you invited." ...).
 */
export function useMemberAction() {
  const errorText = useErrorText();
  const [busy, setBusy] = useState(false);

  const run = async (
    work: () => Promise<unknown>,
    { success, fallbackKey }: { success: string; fallbackKey: string },
  ): Promise<boolean> => {
    if (busy) return false;
    setBusy(true);
    try {
      await work();
      notify({ variant: 'success', title: success });
      return true;
    } catch (error) {
      notify({
        variant: 'error',
        title: errorText(error, fallbackKey),
        closable: true,
      });
      return false;
    } finally {
      setBusy(false);
    }
  };

  return { run, busy };
}
