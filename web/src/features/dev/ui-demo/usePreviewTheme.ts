import { useEffect, useState } from 'react';
import type { Theme } from '@music-rooms/domain/limits';
import { themeController } from '../../../app/theme/theme-controller';

/**
 * A theme tried on the page only: the whole document wears it while the demo is open (menus and
 * dialogs included, which open at the page's root), and the person's own theme comes back when
 * they leave. Nothing is saved.
 */
export function usePreviewTheme(): [Theme, (theme: Theme) => void] {
  const [theme, setTheme] = useState<Theme>(() => themeController.getState().theme);
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);
  useEffect(
    () => () => {
      document.documentElement.dataset.theme = themeController.getState().theme;
    },
    [],
  );
  return [theme, setTheme];
}
