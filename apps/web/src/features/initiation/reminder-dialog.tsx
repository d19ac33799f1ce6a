import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogFrame } from '../../components/dialog-frame';
import { useConfig } from '../../lib/config';
import { errorText } from '../../lib/messages';
import { notify } from '../../lib/notify';
import { sessionStore, useSession } from '../../lib/session/session-store';
import { inputOf, saveInitiation, useInitiation } from './api';

/**
 * Once answered, the reminder waits for the next login or scope change. Kept for the tab's
 * session, so a reload (which is neither) does not bring it back; logging out forgets it.
 */
const ANSWERED_KEY = 'pc.initiationReminder.answered';
function readAnswered(): string[] {
  try {
    const list: unknown = JSON.parse(globalThis.sessionStorage?.getItem(ANSWERED_KEY) ?? '[]');
    return Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}
const answered = new Set<string>(readAnswered());
function rememberAnswered() {
  try {
    globalThis.sessionStorage?.setItem(ANSWERED_KEY, JSON.stringify([...answered]));
  } catch {
    // Storage unavailable: the reminder may come back after a reload.
  }
}
let seen: string | null = null;
sessionStore.subscribe(() => {
  const { status, me } = sessionStore.getState();
  if (status === 'anonymous') {
    seen = null;
    if (answered.size) {
      answered.clear();
      rememberAnswered();
    }
    return;
  }
  if (!me) return;
  const now = `${me.id}:${me.scopeCompany?.id ?? ''}`;
  // The first user seen after a reload is no change; a different user or scope later is.
  if (seen !== null && now !== seen) {
    answered.clear();
    rememberAnswered();
  }
  seen = now;
});

/** Another dialog is open (MUI portals every dialog into the body). */
function otherDialogOpen(): boolean {
  return document.querySelector('.MuiDialog-root') !== null;
}

/** Re-evaluates whenever the body's portals change, so the reminder waits for other dialogs. */
function useNoOtherDialog(active: boolean): boolean {
  const [free, setFree] = useState(() => !otherDialogOpen());
  useEffect(() => {
    if (!active) return;
    const check = () => setFree(!otherDialogOpen());
    check();
    const observer = new MutationObserver(check);
    observer.observe(document.body, { childList: true });
    return () => observer.disconnect();
  }, [active]);
  return free;
}

/**
 * The initiation reminder (640 px). It shows by itself after login and
 * after a scope change while the wizard is supported, not finished and `showReminder` is set, and
 * never over another dialog, a forced page (HTTP 412), the invitations or the wizard itself. The checkbox is the
 * inverse of `showReminder`; closing saves only a changed `showReminder`.
 */
export function InitiationReminder({ locked }: { locked: boolean }) {
  const { t } = useTranslation();
  const { productName } = useConfig();
  const navigate = useNavigate();
  const me = useSession((s) => s.me);
  // Not over the wizard, nor over the invitations a user came to answer (an invited DPO or client
  // whose new company has its wizard open would find "Annehmen" hidden behind it).
  const onWizard = useRouterState({
    select: (s) => s.location.pathname === '/initiation' || s.location.pathname === '/invitation',
  });
  const companyId = me ? (me.scopeCompany?.id ?? me.companyId) : null;
  const key = me && companyId ? `${me.id}:${companyId}` : '';
  const wanted = !!me?.supportsInitiation && !!me.canContinueInitiation && !locked && !onWizard && !answered.has(key);
  const initiation = useInitiation(companyId, wanted);
  const [hide, setHide] = useState(false);
  const [open, setOpen] = useState(false);
  const free = useNoOtherDialog(wanted && !open);

  const data = initiation.data;
  useEffect(() => {
    if (wanted && free && data?.showReminder && !data.isFinished && data.rights.write) {
      setHide(false);
      setOpen(true);
    }
  }, [wanted, free, data]);

  const close = async (next: boolean) => {
    answered.add(key);
    rememberAnswered();
    setOpen(false);
    if (data && hide === data.showReminder) {
      try {
        await saveInitiation({ ...inputOf(data), showReminder: !hide });
        void initiation.refetch();
      } catch (error) {
        notify(errorText(t, error), 'error');
      }
    }
    if (next) void navigate({ to: '/initiation' });
  };

  return (
    <DialogFrame
      open={open}
      width={640}
      title={t('initiation.reminder.title', { product: productName })}
      onClose={() => void close(false)}
      description={
        <Typography component="span" sx={{ display: 'block' }}>
          {t('initiation.reminder.text', { company: data?.companyName ?? '' })}
        </Typography>
      }
      actions={
        <>
          <Button onClick={() => void close(false)}>{t('initiation.reminder.notNow')}</Button>
          <Button variant="contained" onClick={() => void close(true)}>
            {t('initiation.reminder.continue')}
          </Button>
        </>
      }
    >
      <FormControlLabel
        control={<Checkbox checked={hide} onChange={(e) => setHide(e.target.checked)} />}
        label={t('initiation.reminder.hide')}
      />
    </DialogFrame>
  );
}
