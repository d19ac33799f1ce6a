import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { type Language, languages } from '@pc/shared';
import { useTranslation } from 'react-i18next';

interface LanguageToggleProps {
  value: string;
  onChange: (language: Language) => void;
  disabled?: boolean;
}

/** DE | EN switch; each button names its language in that language for people who cannot read the other. */
export function LanguageToggle({ value, onChange, disabled }: LanguageToggleProps) {
  const { t } = useTranslation();
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={value}
      disabled={disabled}
      aria-label={t('language.label')}
      onChange={(_event, next: Language | null) => {
        if (next) onChange(next);
      }}
    >
      {languages.map((language) => (
        <ToggleButton
          key={language}
          value={language}
          lang={language}
          title={t(`language.name.${language}`)}
          sx={{ px: 1.5, py: 0.25, fontWeight: 600 }}
        >
          {language.toUpperCase()}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
