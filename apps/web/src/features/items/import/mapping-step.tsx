import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ImportPreview, ItemTypeKey } from '@pc/shared';
import { useTranslation } from 'react-i18next';
import { fieldLabel } from '../labels';
import { assignField } from './mapping';

interface MappingStepProps {
  type: ItemTypeKey;
  preview: ImportPreview;
  mapping: (string | null)[];
  onMapping: (mapping: (string | null)[]) => void;
}

const IGNORE = '';

/** Second step: each column of the file and the field it goes to, pre-filled by the server, changeable. */
export function MappingStep({ type, preview, mapping, onMapping }: MappingStepProps) {
  const { t } = useTranslation();
  const label = (key: string) => fieldLabel(t, type, key);
  const grid = {
    display: 'grid',
    gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 1fr) minmax(0, 1fr) minmax(0, 1.2fr)' },
    gap: { xs: 1, sm: 2 },
  };
  return (
    <Stack spacing={2}>
      <Typography variant="body2">{t('import.mapping.intro')}</Typography>
      {!mapping.includes('name') && (
        <Alert severity="warning" role="alert">
          {t('import.mapping.nameMissing')}
        </Alert>
      )}
      <Box sx={{ ...grid, display: { xs: 'none', sm: 'grid' }, px: 1 }} aria-hidden>
        <Typography variant="subtitle2">{t('import.mapping.column')}</Typography>
        <Typography variant="subtitle2">{t('import.mapping.sample')}</Typography>
        <Typography variant="subtitle2">{t('import.mapping.field')}</Typography>
      </Box>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {preview.mapping.map((col, i) => (
          <Box
            component="li"
            // Columns keep their place; a header may repeat, so the position is the key.
            // biome-ignore lint/suspicious/noArrayIndexKey: the file's column order never changes
            key={i}
            sx={{ ...grid, alignItems: 'center', px: 1, py: 1, borderTop: 1, borderColor: 'divider' }}
          >
            <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {col.header || '—'}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }} noWrap={false}>
              <Box component="span" sx={{ display: { sm: 'none' } }}>
                {t('import.mapping.sample')}:{' '}
              </Box>
              {col.sample ? col.sample.slice(0, 80) : '—'}
            </Typography>
            <TextField
              select
              size="small"
              fullWidth
              label={t('import.mapping.fieldFor', { column: col.header || i + 1 })}
              value={mapping[i] ?? IGNORE}
              onChange={(e) => onMapping(assignField(mapping, i, e.target.value === IGNORE ? null : e.target.value))}
              slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
            >
              <MenuItem value={IGNORE}>
                <em>{t('import.mapping.ignore')}</em>
              </MenuItem>
              {preview.fields.map((f) => (
                <MenuItem key={f} value={f}>
                  {label(f)}
                </MenuItem>
              ))}
            </TextField>
          </Box>
        ))}
      </Box>
    </Stack>
  );
}
