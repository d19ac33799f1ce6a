import Button from '@mui/material/Button';
import ButtonGroup from '@mui/material/ButtonGroup';
import type { Language } from '@pc/shared';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../lib/config';
import { offeredLanguages } from '../lib/i18n/language';

interface LanguageToggleProps {
  value: string;
  onChange: (language: Language) => void;
  disabled?: boolean;
}

/**
 * DE | EN switch; each button names its language in that language for people who cannot read the
 * other. Plain buttons with aria-pressed: MUI's ToggleButtonGroup (roving focus) cost the login
 * screen 3.5 kB gzip for two buttons (docs/decisions/0027).
 */
export function LanguageToggle({ value, onChange, disabled }: LanguageToggleProps) {
  const { t } = useTranslation();
  const languages = offeredLanguages(useConfig().languages);
  // One offered language leaves nothing to switch to.
  if (languages.length < 2) return null;
  return (
    <ButtonGroup size="small" disabled={disabled} role="group" aria-label={t('language.label')}>
      {languages.map((language) => (
        <Button
          key={language}
          lang={language}
          title={t(`language.name.${language}`)}
          aria-pressed={value === language}
          variant={value === language ? 'contained' : 'outlined'}
          disableElevation
          onClick={() => value !== language && onChange(language)}
          sx={{ px: 1.5, py: 0.25, fontWeight: 600, minWidth: 0 }}
        >
          {language.toUpperCase()}
        </Button>
      ))}
    </ButtonGroup>
  );
}
