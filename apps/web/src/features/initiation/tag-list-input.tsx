import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { INITIATION_ENTRY_MAX, INITIATION_LIST_MAX } from '@pc/shared';
import { type ClipboardEvent, type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addEntries } from './logic';

interface TagListInputProps {
  label: string;
  helperText?: string;
  value: readonly string[];
  onChange: (next: string[]) => void;
  error?: string;
  disabled?: boolean;
}

/**
 * A free-text list: Enter takes the typed value, as does leaving the field, and a pasted text of
 * several lines gives one entry per line. Commas and semicolons are part of a name ("Steuerkanzlei
 * Berg, Hansen & Partner"), never a separator. Values are trimmed, empty ones ignored; each entry
 * is a removable chip.
 */
export function TagListInput({ label, helperText, value, onChange, error, disabled }: TagListInputProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const full = value.length >= INITIATION_LIST_MAX;
  const take = (raw: string) => {
    const next = addEntries(value, raw);
    if (next !== value) onChange(next);
    setText('');
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      take(text);
    } else if (e.key === 'Backspace' && !text && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  };
  // A single-line field would join the pasted lines; they are taken here, one entry each.
  const onPaste = (e: ClipboardEvent<HTMLInputElement>) => {
    const pasted = e.clipboardData.getData('text');
    if (!/[\r\n]/.test(pasted)) return;
    e.preventDefault();
    take(`${text}${pasted}`);
  };
  return (
    <Stack spacing={1}>
      <TextField
        label={label}
        value={text}
        disabled={disabled || full}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
        onBlur={() => take(text)}
        error={!!error}
        helperText={error ?? (full ? t('initiation.list.full', { max: INITIATION_LIST_MAX }) : helperText)}
        slotProps={{ htmlInput: { maxLength: INITIATION_ENTRY_MAX, enterKeyHint: 'enter' } }}
      />
      {value.length > 0 && (
        <Stack
          direction="row"
          useFlexGap
          sx={{ flexWrap: 'wrap', gap: 1 }}
          component="ul"
          aria-label={label}
          style={{ padding: 0, margin: 0 }}
        >
          {value.map((entry) => (
            <li key={entry} style={{ listStyle: 'none', maxWidth: '100%' }}>
              <Chip
                label={entry}
                onDelete={disabled ? undefined : () => onChange(value.filter((v) => v !== entry))}
                // The chip is the button: Delete or Backspace on it removes the entry; the icon is for the mouse.
                aria-label={t('initiation.list.remove', { name: entry })}
                sx={{ maxWidth: '100%' }}
              />
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
