import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { isApiError } from '../lib/api/api-error';
import { PageHeader } from './page-header';

/**
 * A page whose record did not load: its heading, why (gone or not the user's: 404; anything else
 * failed) and the way back.
 */
export function LoadProblem(props: { title: string; error: unknown; notFound: string; loadFailed: string; back: ReactNode }) {
  const missing = isApiError(props.error) && props.error.status === 404;
  return (
    <>
      <PageHeader title={props.title} />
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Alert severity={missing ? 'warning' : 'error'}>{missing ? props.notFound : props.loadFailed}</Alert>
        {props.back}
      </Stack>
    </>
  );
}
