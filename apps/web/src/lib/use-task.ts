import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from './messages';
import { notify } from './notify';

/**
 * An action the user waits for (a download, a report, a delete): `busy` while it runs; a failure
 * is said in a snackbar in `errorText`'s words, `fallback` naming what failed when it is no answer
 * of the API. `run` answers whether the task succeeded.
 */
export function useTask(fallback?: string) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  async function run(task: () => Promise<unknown>): Promise<boolean> {
    setBusy(true);
    try {
      await task();
      return true;
    } catch (error) {
      notify(errorText(t, error, fallback), 'error');
      return false;
    } finally {
      setBusy(false);
    }
  }
  return { busy, run };
}
