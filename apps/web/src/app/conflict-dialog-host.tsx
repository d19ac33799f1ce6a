import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogFrame } from '../components/dialog-frame';
import { useStore } from '../lib/create-store';
import { type ConflictRequest, conflictStore, defaultKept } from '../lib/record-conflict';

/**
 * The one dialog for a save someone else's got ahead of: each field that differs, their value
 * against the user's, and per field which one stands. Their value is preselected where only they
 * changed the field, the user's own where the user changed it. "Reload" takes all of theirs.
 */
export function ConflictDialogHost() {
  const request = useStore(conflictStore, (s) => s.request);
  return request ? <ConflictDialog key={request.fields.map((f) => f.path).join('|')} request={request} /> : null;
}

function ConflictDialog({ request }: { request: ConflictRequest }) {
  const { t } = useTranslation();
  const [kept, setKept] = useState<Set<string>>(() => defaultKept(request.fields));
  // Closing the page (or the form) while the dialog is up leaves the form as it is.
  useEffect(() => () => request.resolve(null), [request]);
  const choose = (path: string, mine: boolean) =>
    setKept((prev) => {
      const next = new Set(prev);
      if (mine) next.add(path);
      else next.delete(path);
      return next;
    });
  return (
    <DialogFrame
      title={t('conflict.title')}
      description={t('conflict.text')}
      width={760}
      fullScreenBelow="sm"
      onClose={() => request.resolve(null)}
      actions={
        // On a phone the three buttons stand one above the other, the main one at the bottom.
        <Box
          sx={{
            display: 'flex',
            flexDirection: { xs: 'column-reverse', sm: 'row' },
            alignItems: { xs: 'stretch', sm: 'center' },
            justifyContent: 'flex-end',
            gap: 1,
            width: { xs: '100%', sm: 'auto' },
          }}
        >
          <Button onClick={() => request.resolve(null)}>{t('common.cancel')}</Button>
          <Button onClick={() => request.resolve({ kind: 'reload' })}>{t('conflict.reload')}</Button>
          <Button variant="contained" onClick={() => request.resolve({ kind: 'keep', mine: kept })}>
            {kept.size === 0 ? t('conflict.takeTheirs') : t('conflict.saveChoice')}
          </Button>
        </Box>
      }
    >
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
        {request.fields.map((f) => {
          const label = request.labelOf(f.path);
          const name = `conflict-${f.path}`;
          return (
            <Box
              component="li"
              key={f.path}
              sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: { xs: 1.5, sm: 2 } }}
              data-testid={`conflict-field-${f.path}`}
            >
              <Typography component="h3" variant="subtitle2" id={`${name}-label`} sx={{ mb: 1 }}>
                {label}
              </Typography>
              <RadioGroup
                aria-labelledby={`${name}-label`}
                name={name}
                value={kept.has(f.path) ? 'mine' : 'theirs'}
                onChange={(_e, value) => choose(f.path, value === 'mine')}
                sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1 }}
              >
                <Choice value="theirs" heading={t('conflict.theirs')} text={request.displayOf(f.path, f.theirs)} />
                <Choice value="mine" heading={t('conflict.mine')} text={request.displayOf(f.path, f.mine)} />
              </RadioGroup>
            </Box>
          );
        })}
      </Box>
    </DialogFrame>
  );
}

function Choice({ value, heading, text }: { value: string; heading: string; text: string }) {
  return (
    <FormControlLabel
      value={value}
      control={<Radio size="small" />}
      sx={{ alignItems: 'flex-start', m: 0, '& .MuiRadio-root': { pt: 0.25 } }}
      label={
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="caption" color="text.secondary" component="span" sx={{ display: 'block' }}>
            {heading}
          </Typography>
          <Typography
            variant="body2"
            component="span"
            sx={{ display: 'block', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxHeight: 160, overflow: 'auto' }}
          >
            {text}
          </Typography>
        </Box>
      }
    />
  );
}
