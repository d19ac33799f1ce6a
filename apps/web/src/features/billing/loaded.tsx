import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../lib/messages';

interface LoadedProps<T> {
  query: UseQueryResult<T>;
  /** The skeleton's height while loading; a whole page's is a rectangle. */
  height: number;
  page?: boolean;
  children: (data: T) => ReactNode;
}

/** What a query loaded: a skeleton while it loads, the reason when it failed, else the children. */
export function Loaded<T>({ query, height, page = false, children }: LoadedProps<T>) {
  const { t } = useTranslation();
  if (query.isPending) return <Skeleton variant={page ? 'rectangular' : undefined} height={height} />;
  if (query.isError) return <Alert severity="error">{errorText(t, query.error)}</Alert>;
  return children(query.data);
}
