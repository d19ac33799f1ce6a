import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import type { ComponentProps, ReactNode } from 'react';
import { useConfirmedAction } from '../confirm-dialog';
import { ShownOnceDialog, useCreateShownOnce } from '../shown-once-dialog';

/**
 * A list of records each made with a secret the server shows once (API tokens, webhook
 * endpoints): creating one shows its secret and refreshes the list under `listKey`; removing one
 * waits for a confirmation, then refreshes it.
 */
export function useSecretRecords<R>(listKey: QueryKey, remove: (record: R) => Promise<unknown>) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: listKey });
  const created = useCreateShownOnce(refresh);
  const removal = useConfirmedAction(async (record: R) => {
    await remove(record);
    await refresh();
  });
  return { refresh, created, removal };
}

type ShownOnceProps = Omit<ComponentProps<typeof ShownOnceDialog>, 'value' | 'onClose'>;

/** The create dialog while it is open, then the secret it made, shown once. */
export function CreateShownOnce({
  created,
  dialog,
  ...shown
}: ShownOnceProps & {
  created: ReturnType<typeof useCreateShownOnce>;
  /** The create dialog; it closes with the new secret, or with null when cancelled. */
  dialog: (onClose: (secret: string | null) => void) => ReactNode;
}) {
  return (
    <>
      {created.creating && dialog(created.created)}
      {created.value && <ShownOnceDialog {...shown} value={created.value} onClose={created.dismiss} />}
    </>
  );
}
