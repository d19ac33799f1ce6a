import Schedule from '@mui/icons-material/Schedule';
import Button from '@mui/material/Button';
import type { Item } from '@pc/shared';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasClaim } from '../../lib/permissions';
import { useSession } from '../../lib/session/session-store';

const TimeRecordDialog = lazy(() => import('./time-record-dialog').then((m) => ({ default: m.TimeRecordDialog })));

/** The quick 'book time': the booking dialog with the issue linked (TimeRecords.Write). */
export function BookTimeButton({ item }: { item: Item }) {
  const { t } = useTranslation();
  const me = useSession((s) => s.me);
  const [open, setOpen] = useState(false);
  if (item.type !== 'issue' || !hasClaim(me, 'TimeRecords.Write')) return null;
  return (
    <>
      <Button variant="outlined" startIcon={<Schedule />} onClick={() => setOpen(true)}>
        {t('time.item.book')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <TimeRecordDialog
            record={null}
            item={{ id: item.id, companyId: item.companyId, name: `${item.number} ${item.name}` }}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
