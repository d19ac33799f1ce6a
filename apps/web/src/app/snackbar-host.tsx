import { enqueueSnackbar, SnackbarProvider } from 'notistack';
import { useEffect } from 'react';
import { registerSnackbar } from '../lib/notify';

/** notistack, bottom-centre, 5000 ms, duplicates prevented (spec 001 §9). Loaded on demand. */
export function SnackbarHost() {
  useEffect(() => registerSnackbar((message, options) => enqueueSnackbar(message, options)), []);
  return (
    <SnackbarProvider
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      autoHideDuration={5000}
      preventDuplicate
      maxSnack={3}
    />
  );
}
