import CheckCircle from '@mui/icons-material/CheckCircle';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { ImportResult } from '@pc/shared';
import { useTranslation } from 'react-i18next';

/** Last step: what the import created, changed and left alone. */
export function ResultStep({ result }: { result: ImportResult }) {
  const { t } = useTranslation();
  return (
    <Box role="status">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <CheckCircle color="success" aria-hidden />
        <Typography variant="h6" component="p">
          {t('import.result.done')}
        </Typography>
      </Box>
      <List dense disablePadding>
        <ListItem disableGutters>
          <ListItemText primary={t('import.result.created', { count: result.created })} />
        </ListItem>
        <ListItem disableGutters>
          <ListItemText primary={t('import.result.updated', { count: result.updated })} />
        </ListItem>
        <ListItem disableGutters>
          <ListItemText primary={t('import.result.unchanged', { count: result.unchanged })} />
        </ListItem>
      </List>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t('import.result.history')}
      </Typography>
    </Box>
  );
}
