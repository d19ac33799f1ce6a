import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CompanyInput } from '@pc/shared';
import { type KeyboardEvent, useId, useState } from 'react';
import { type Control, Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { parseCidrEntries } from './company-logic';
import { fieldMessage } from './company-messages';

const mono = 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';

/**
 * The IP allow-list: CIDR ranges as chips. Enter, comma, semicolon or the add button take the
 * typed text; single addresses become /32 or /128; wrong entries stay in the box with a message.
 */
export function IpAllowListInput({ control }: { control: Control<CompanyInput> }) {
  const { t } = useTranslation();
  const listId = useId();
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState<string[]>([]);
  return (
    <Controller
      control={control}
      name="ipAllowList"
      render={({ field, fieldState }) => {
        const add = () => {
          const { valid, invalid: wrong } = parseCidrEntries(text, field.value);
          if (valid.length) field.onChange([...field.value, ...valid]);
          setInvalid(wrong);
          setText(wrong.join(' '));
        };
        const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
          if (event.key === 'Enter' || event.key === ',' || event.key === ';') {
            event.preventDefault();
            add();
          }
        };
        const serverError = fieldMessage(t, fieldState.error?.message);
        const error = invalid.length ? t('companiesAdmin.ip.invalid', { entries: invalid.join(', ') }) : serverError;
        return (
          <Box>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
              {t('companiesAdmin.ip.hint')}
            </Typography>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
              <TextField
                label={t('companiesAdmin.field.ipAllowList')}
                placeholder="192.168.0.0/24"
                value={text}
                onChange={(e) => {
                  setText(e.target.value);
                  if (invalid.length) setInvalid([]);
                }}
                onKeyDown={onKeyDown}
                onBlur={() => text.trim() && add()}
                inputRef={field.ref}
                error={!!error}
                helperText={error ?? t('companiesAdmin.ip.inputHint')}
                autoComplete="off"
                sx={{ flexGrow: 1, minWidth: 0 }}
                slotProps={{ htmlInput: { 'aria-describedby': listId, spellCheck: false } }}
              />
              <Button variant="outlined" onClick={add} disabled={!text.trim()} sx={{ mt: 1, flexShrink: 0 }}>
                {t('companiesAdmin.ip.add')}
              </Button>
            </Box>
            <Box id={listId} aria-live="polite" sx={{ mt: 1.5 }}>
              {field.value.length === 0 ? (
                <Typography variant="body2" color="text.secondary">
                  {t('companiesAdmin.ip.none')}
                </Typography>
              ) : (
                <Box
                  component="ul"
                  aria-label={t('companiesAdmin.field.ipAllowList')}
                  sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}
                >
                  {field.value.map((range) => (
                    <Box component="li" key={range} sx={{ maxWidth: '100%' }}>
                      <Chip
                        label={range}
                        onDelete={() => field.onChange(field.value.filter((r) => r !== range))}
                        title={t('companiesAdmin.ip.remove', { range })}
                        sx={{ fontFamily: mono, maxWidth: '100%' }}
                      />
                    </Box>
                  ))}
                </Box>
              )}
            </Box>
          </Box>
        );
      }}
    />
  );
}
