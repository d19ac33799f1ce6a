import GlobalStyles from '@mui/material/GlobalStyles';
import { closeSnackbar, enqueueSnackbar, SnackbarProvider } from 'notistack';
import { useEffect } from 'react';
import { registerSnackbar } from '../lib/notify';

// notistack's default fills (#43a047 green, #ff9800 orange, #2196f3 blue) put white text below
// the 4.5:1 contrast of WCAG AA; these darker shades keep the same hues and pass.
const fills = (
  <GlobalStyles
    styles={{
      '.notistack-MuiContent-success': { backgroundColor: '#2e7d32 !important' },
      '.notistack-MuiContent-warning': { backgroundColor: '#a84d00 !important' },
      '.notistack-MuiContent-info': { backgroundColor: '#0d5673 !important' },
      '.notistack-MuiContent-error': { backgroundColor: '#c62828 !important' },
    }}
  />
);

/** notistack, bottom-centre, duplicates prevented; each message brings its duration (lib/notify). Loaded on demand. */
export function SnackbarHost() {
  useEffect(
    () =>
      registerSnackbar(
        (message, options) => enqueueSnackbar(message, options),
        () => closeSnackbar(),
      ),
    [],
  );
  return (
    <>
      {fills}
      <SnackbarProvider anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }} preventDuplicate maxSnack={3} />
    </>
  );
}
