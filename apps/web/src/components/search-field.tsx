import Search from '@mui/icons-material/Search';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';

type SearchFieldProps = Omit<TextFieldProps, 'type' | 'size' | 'select'> & {
  /** A search that is running shows a spinner where the magnifier was. */
  busy?: boolean;
};

/**
 * The app's one search field: small, a magnifier in front, the browser's clear button, no
 * autofill suggestions (a search is no form value to remember).
 */
export function SearchField({ busy, slotProps, ...props }: SearchFieldProps) {
  return (
    <TextField
      size="small"
      type="search"
      autoComplete="off"
      {...props}
      slotProps={{
        ...slotProps,
        input: {
          startAdornment: (
            <InputAdornment position="start">
              {busy ? <CircularProgress size={18} aria-hidden /> : <Search fontSize="small" />}
            </InputAdornment>
          ),
          ...slotProps?.input,
        },
      }}
    />
  );
}
