import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@music-rooms/domain/limits';
import { isLanguage } from '@music-rooms/domain/language';
import {
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
} from '../../ui/DropdownMenu';
import { useLanguage } from '../language/useLanguage';

type LanguageMenuItemsProps = { onSelect?: (event: Event) => void };

/** The interface languages as a radio group of the user menu. */
export function LanguageMenuItems({ onSelect }: LanguageMenuItemsProps) {
  const { t } = useTranslation();
  const { language, setLanguage } = useLanguage();
  return (
    <>
      <DropdownMenuLabel>{t('userMenu.language')}</DropdownMenuLabel>
      <DropdownMenuRadioGroup
        value={language}
        onValueChange={(value) => isLanguage(value) && setLanguage(value)}
      >
        {LANGUAGES.map((code) => (
          <DropdownMenuRadioItem key={code} value={code} lang={code} onSelect={onSelect}>
            {t(`language.${code}`)}
          </DropdownMenuRadioItem>
        ))}
      </DropdownMenuRadioGroup>
    </>
  );
}
