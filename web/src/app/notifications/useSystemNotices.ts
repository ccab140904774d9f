import { useCallback } from 'react';
import { usePreferenceValues } from '../preferences/usePreferences';
import { showSystemNotice, type SystemNotice } from './system-notifications';

/**
 * Shows system notices when the signed-in user has notifications on (and the browser allows
 * them: turning the setting on asks). Answers a function that does nothing otherwise.
 */
export function useSystemNotices(): (notice: SystemNotice) => void {
  const enabled = usePreferenceValues()?.notifications === true;
  return useCallback(
    (notice: SystemNotice) => {
      if (enabled) showSystemNotice(notice);
    },
    [enabled],
  );
}
