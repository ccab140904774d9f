import { useTranslation } from 'react-i18next';
import { Monitor, Moon, Sun } from 'lucide-react';
import { COLOR_MODES, LANGUAGES } from '@music-rooms/domain/limits';
import { SegmentedControl } from '../../ui/SegmentedControl';
import { useLanguage } from '../../app/language/useLanguage';
import { DARK_THEMES } from '../../app/theme/theme-preference';
import { useTheme } from '../../app/theme/useTheme';

const MODE_ICONS = { system: Monitor, light: Sun, dark: Moon } as const;
const DARK_THEME_LABELS = { dark: 'theme.darkGrey', black: 'theme.black' } as const;

/** Colour mode, dark style and interface language. */
export function AppearanceSection() {
  const { t } = useTranslation();
  const { preference, setMode, setDarkTheme } = useTheme();
  const { language, setLanguage } = useLanguage();
  return (
    <div className="settings-stack">
      <SegmentedControl
        legend={t('settings.colorMode')}
        value={preference.mode}
        options={COLOR_MODES.map((mode) => ({
          value: mode,
          label: t(`theme.${mode}`),
          icon: MODE_ICONS[mode],
        }))}
        onChange={setMode}
      />
      <SegmentedControl
        legend={t('userMenu.darkStyle')}
        value={preference.darkTheme}
        options={DARK_THEMES.map((theme) => ({ value: theme, label: t(DARK_THEME_LABELS[theme]) }))}
        onChange={setDarkTheme}
      />
      <SegmentedControl
        legend={t('userMenu.language')}
        value={language}
        options={LANGUAGES.map((code) => ({ value: code, label: t(`language.${code}`) }))}
        onChange={setLanguage}
      />
    </div>
  );
}
