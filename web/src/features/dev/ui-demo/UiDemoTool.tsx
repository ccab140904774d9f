import { useTranslation } from 'react-i18next';
import { LANGUAGES, THEMES } from '@music-rooms/domain/limits';
import { SegmentedControl } from '../../../ui/SegmentedControl';
import { useLanguage } from '../../../app/language/useLanguage';
import { ButtonsDemo, FieldsDemo } from './ControlsDemo';
import { CardsDemo, DisplayDemo } from './DisplayDemo';
import { OverlaysDemo } from './OverlaysDemo';
import { PlayerBarDemo } from './PlayerBarDemo';
import { TracksDemo } from './TracksDemo';
import { usePreviewTheme } from './usePreviewTheme';
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
