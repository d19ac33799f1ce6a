import { useBlocker } from '@tanstack/react-router';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../components/confirm-dialog';

export interface UnsavedChanges {
  /** The question; render it wherever the form is. */
  prompt: ReactNode;
  /** The user chose to leave without saving (Cancel): the next navigation goes without a question. */
  discard: () => void;
  /** Closing a dialog by Escape or the backdrop: asks first while there are changes. */
  confirmClose: (close: () => void) => void;
}

/**
 * One rule for every form: changes nobody saved are never thrown away without a word. While
 * `dirty`, an in-app navigation (the router's blocker) and a tab close or reload (`beforeunload`,
 * the browser's own question) ask first. A save clears `dirty`; an explicit Cancel calls `discard`.
 * `dirty` is read when the navigation happens, so a save that moves on (a new item's address)
 * passes as long as the form says it is submitting.
 */
export function useUnsavedChanges(dirty: boolean): UnsavedChanges {
  const { t } = useTranslation();
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const discarded = useRef(false);
  // A form back at its saved values may ask again after its next change.
  if (!dirty) discarded.current = false;
  const [closeRequest, setCloseRequest] = useState<(() => void) | null>(null);
  const blocks = () => dirtyRef.current && !discarded.current;
  const blocker = useBlocker({ shouldBlockFn: blocks, enableBeforeUnload: blocks, withResolver: true, disabled: !dirty });

  const open = blocker.status === 'blocked' || closeRequest !== null;
  const stay = () => {
    if (blocker.status === 'blocked') blocker.reset();
    setCloseRequest(null);
  };
  const leave = () => {
    discarded.current = true;
    if (blocker.status === 'blocked') blocker.proceed();
    if (closeRequest) closeRequest();
    setCloseRequest(null);
  };
  // Rendered only while asking: the question is a dialog itself, whose frame uses this hook too.
  const prompt = open ? (
    <ConfirmDialog
      open
      title={t('unsaved.title')}
      text={t('unsaved.text')}
      confirmLabel={t('unsaved.discard')}
      danger
      onConfirm={leave}
      onClose={stay}
    />
  ) : null;
  return {
    prompt,
    discard: () => {
      discarded.current = true;
    },
    confirmClose: (close) => {
      if (blocks()) setCloseRequest(() => close);
      else close();
    },
  };
}
