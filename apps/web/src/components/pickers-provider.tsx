import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { deDE, enUS } from '@mui/x-date-pickers/locales';
import 'dayjs/locale/de';
import 'dayjs/locale/en-gb';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Date and time input formats, the same in both languages. */
export const DATE_FORMAT = 'DD.MM.YYYY';
export const DATE_TIME_FORMAT = 'DD.MM.YYYY HH:mm';

/** Date pickers with the dayjs adapter in German (or British English: Monday first, 24 h). */
export function PickersProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const en = (i18n.resolvedLanguage ?? i18n.language) === 'en';
  const localeText = (en ? enUS : deDE).components.MuiLocalizationProvider.defaultProps.localeText;
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={en ? 'en-gb' : 'de'} localeText={localeText}>
      {children}
    </LocalizationProvider>
  );
}
