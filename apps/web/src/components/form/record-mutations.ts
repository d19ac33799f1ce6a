import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, type RecordSave, saveRecord } from '../../lib/api/api-client';

/**
 * Saving one kind of record a dialog edits (create, or update based on its version); a save
 * refreshes the lists under `listKey`.
 */
export function useRecordSave<I, T>(path: string, schema: { parse(data: unknown): T }, listKey: QueryKey) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (save: RecordSave<I>) => saveRecord(path, save, schema),
    onSuccess: () => client.invalidateQueries({ queryKey: listKey }),
  });
}

/** Deleting a record by its id under `path`; refreshes the lists under `listKey`. */
export function useRecordDelete(path: string, listKey: QueryKey) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(`${path}/${id}`, { method: 'DELETE', responseType: 'none' }),
    onSuccess: () => client.invalidateQueries({ queryKey: listKey }),
  });
}
