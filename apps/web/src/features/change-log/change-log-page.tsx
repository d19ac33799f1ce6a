import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { useConfig } from '../../lib/config';
import { formatDate } from '../../lib/format';
import { defaultLanguage, isLanguage } from '../../lib/i18n/language';
import { useChangeLog } from './api';

/** /change-log: every version with its date (DD.MM.YYYY) and notes in the current language. */
export function ChangeLogPage() {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : defaultLanguage;
  const { version: running } = useConfig();
  const { data, isPending, isError } = useChangeLog();

  return (
    <>
      <PageHeader title={t('section.change-log')} />
      <Typography color="text.secondary" sx={{ mt: -2, mb: 3 }}>
        {t('changeLog.intro')}
      </Typography>
      {isError && <Alert severity="error">{t('changeLog.error')}</Alert>}
      {isPending && <Skeleton variant="rectangular" height={200} />}
      {data && data.length === 0 && <Typography color="text.secondary">{t('changeLog.empty')}</Typography>}
      <Stack spacing={2} component="ol" sx={{ listStyle: 'none', p: 0, m: 0, maxWidth: 860 }}>
        {data?.map((entry) => (
          <Card component="li" key={entry.version} data-version={entry.version}>
            <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', mb: 1 }}>
                <Typography variant="h6" component="h2">
                  {t('changeLog.version', { version: entry.version })}
                </Typography>
                <Typography color="text.secondary" component="span">
                  <time dateTime={entry.date}>{formatDate(entry.date)}</time>
                </Typography>
                {entry.version === running && <Chip size="small" color="primary" label={t('changeLog.running')} />}
              </Box>
              <Box component="ul" sx={{ m: 0, pl: 3, '& li + li': { mt: 0.5 } }}>
                {(entry.notes[language].length ? entry.notes[language] : entry.notes.de).map((note) => (
                  <Typography component="li" key={note}>
                    {note}
                  </Typography>
                ))}
              </Box>
            </CardContent>
          </Card>
        ))}
      </Stack>
    </>
  );
}
