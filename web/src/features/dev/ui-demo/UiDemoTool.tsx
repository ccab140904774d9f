import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, THEMES, type Theme } from '@music-rooms/domain/limits';
import { SegmentedControl } from '../../../ui/SegmentedControl';
import { useLanguage } from '../../../app/language/useLanguage';
import { themeController } from '../../../app/theme/theme-controller';
import { ButtonsDemo, FieldsDemo } from './ControlsDemo';
import { CardsDemo, DisplayDemo } from './DisplayDemo';
import { OverlaysDemo } from './OverlaysDemo';
import { PlayerBarDemo } from './PlayerBarDemo';
import { TracksDemo } from './TracksDemo';
import '../../rooms/list/rooms.css';
import '../../tracks/tracks.css';
import '../../tracks/uploads.css';
import './ui-demo.css';

/**
 * Every component the app is built from, as the app's own components, with a theme to try on
 * (this page only) and the interface language, both switched here.
 */
export function UiDemoTool() {
  const { t } = useTranslation();
  const [theme, setTheme] = usePreviewTheme();
  const { language, setLanguage } = useLanguage();
  return (
    <div className="ui-demo">
      <div className="ui-demo__switches">
        <SegmentedControl
          legend={t('dev.uiDemo.theme')}
          value={theme}
          onChange={setTheme}
          options={THEMES.map((value) => ({ value, label: t(`theme.${value}`) }))}
        />
        <SegmentedControl
          legend={t('dev.uiDemo.language')}
          value={language}
          onChange={setLanguage}
          options={LANGUAGES.map((value) => ({ value, label: t(`language.${value}`) }))}
        />
      </div>
      <ButtonsDemo />
      <FieldsDemo />
      <OverlaysDemo />
      <DisplayDemo />
      <CardsDemo />
      <TracksDemo />
      <PlayerBarDemo />
    </div>
  );
}

/**
 * A theme tried on the page only: the whole document wears it while the demo is open (menus and
 * dialogs included, which open at the page's root), and the person's own theme comes back when
 * they leave. Nothing is saved.
 */
function usePreviewTheme(): [Theme, (theme: Theme) => void] {
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
