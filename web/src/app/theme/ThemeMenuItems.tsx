import { useTranslation } from 'react-i18next';
import { Monitor, Moon, Sun } from 'lucide-react';
import { COLOR_MODES } from '@music-rooms/domain/limits';
import {
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
} from '../../ui/DropdownMenu';
import { DARK_THEMES, isColorMode, isDarkTheme } from './theme-preference';
import { useTheme } from './useTheme';
import './theme-menu.css';

const MODE_ICONS = { system: Monitor, light: Sun, dark: Moon } as const;
const DARK_THEME_LABELS = { dark: 'theme.darkGrey', black: 'theme.black' } as const;

type ThemeMenuItemsProps = { onSelect?: (event: Event) => void };

/** Colour mode (system, light, dark) and the dark style (dark grey or pure black). */
export function ThemeMenuItems({ onSelect }: ThemeMenuItemsProps) {
  const { t } = useTranslation();
  const { preference, setMode, setDarkTheme } = useTheme();
  return (
    <>
      <DropdownMenuLabel>{t('userMenu.theme')}</DropdownMenuLabel>
      <DropdownMenuRadioGroup
        value={preference.mode}
        onValueChange={(value) => isColorMode(value) && setMode(value)}
      >
        {COLOR_MODES.map((mode) => (
          <DropdownMenuRadioItem
            key={mode}
            value={mode}
            icon={MODE_ICONS[mode]}
            onSelect={onSelect}
          >
            {t(`theme.${mode}`)}
          </DropdownMenuRadioItem>
        ))}
      </DropdownMenuRadioGroup>
      <DropdownMenuLabel>{t('userMenu.darkStyle')}</DropdownMenuLabel>
      <DropdownMenuRadioGroup
        value={preference.darkTheme}
        onValueChange={(value) => isDarkTheme(value) && setDarkTheme(value)}
      >
        {DARK_THEMES.map((theme) => (
          <DropdownMenuRadioItem key={theme} value={theme} onSelect={onSelect}>
            <span className={`menu__swatch menu__swatch--${theme}`} aria-hidden />
            {t(DARK_THEME_LABELS[theme])}
          </DropdownMenuRadioItem>
        ))}
      </DropdownMenuRadioGroup>
    </>
  );
}
