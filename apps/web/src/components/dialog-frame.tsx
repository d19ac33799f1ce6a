import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button, { type ButtonProps } from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent, { type DialogContentProps } from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { Breakpoint, Theme } from '@mui/material/styles';
import type { FormEvent, KeyboardEventHandler, ReactNode } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../lib/messages';
import { useUnsavedChanges } from '../lib/use-unsaved-changes';
import type { ZodForm } from '../lib/use-zod-form';

export interface DialogFrameProps {
  open?: boolean;
  title: ReactNode;
  /** Right of the title: a page counter, a close button. */
  titleAside?: ReactNode;
  /** A sentence under the title that screen readers read with it (aria-describedby). */
  description?: ReactNode;
  /** Between title and content, not scrolling with it (tabs). */
  header?: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
  onClose: () => void;
  /** While busy, Escape and the backdrop do not close and the dialog says aria-busy. */
  busy?: boolean;
  /** false: neither Escape nor the backdrop closes (recovery codes shown once). */
  dismissible?: boolean;
  /** Makes the whole dialog the form, so the actions' submit button belongs to it. */
  onSubmit?: (event: FormEvent<HTMLFormElement>) => unknown;
  /** Width in px; confirm, invitation and reminder dialogs are 640. */
  width?: number;
  height?: number;
  /** Popups sit 72 px from the top and 8 px from the right. */
  placement?: 'center' | 'popup';
  /** Below this the dialog takes the whole screen (a phone has no room for margins). */
  fullScreenBelow?: Breakpoint;
  contentProps?: Omit<DialogContentProps, 'children'>;
  /** The children lay themselves out in the full height (a virtual list); no content padding. */
  bare?: boolean;
  onKeyDown?: KeyboardEventHandler<HTMLDivElement>;
  /**
   * A form dialog: the frame submits it, blocks closing while busy, draws Cancel and the submit
   * button (disabled until the form may submit) and shows a failure no field took above the fields.
   * While it holds changes, Escape, the backdrop, a navigation and a tab close ask before they are lost.
   */
  form?: Pick<ZodForm<never>, 'submit' | 'busy' | 'canSubmit' | 'failure'> & {
    formState?: Pick<ZodForm<never>['formState'], 'isDirty'>;
  };
  submitLabel?: ReactNode;
  /** A submit that destroys or turns protection off reads red. */
  submitColor?: ButtonProps['color'];
  /** Beyond the form's own rule (nothing changed yet). */
  submitDisabled?: boolean;
  /** false: the dialog shows the failure itself (on a field, in its own words). */
  showFailure?: boolean;
  /** A form dialog's delete action (`DeleteButton`), drawn at the left of Cancel and the submit button. */
  deleteAction?: ReactNode;
}

const POPUP_TOP = 72;
const POPUP_RIGHT = 8;

/**
 * Every dialog of the app: title, content, actions, a fixed width, full screen on a phone.
 * MUI traps focus inside and gives it back to the opener on close; a field that should take focus
 * first says autoFocus.
 */
export function DialogFrame({
  open = true,
  title,
  titleAside,
  description,
  header,
  children,
  actions,
  onClose,
  busy = false,
  dismissible = true,
  onSubmit,
  width = 640,
  height,
  placement = 'center',
  fullScreenBelow = 'sm',
  contentProps,
  bare = false,
  onKeyDown,
  form: zodForm,
  submitLabel,
  submitColor,
  submitDisabled = false,
  showFailure = true,
  deleteAction,
}: DialogFrameProps) {
  const { t } = useTranslation();
  // A submit in flight is not a loss: its own move to a new address passes.
  const unsaved = useUnsavedChanges(open && !!zodForm?.formState?.isDirty && !zodForm.busy);
  const cancel = onClose;
  if (zodForm) {
    onSubmit ??= zodForm.submit;
    busy ||= zodForm.busy;
    // Escape and the backdrop are easy to hit by mistake; Cancel is a choice.
    const close = onClose;
    onClose = () => unsaved.confirmClose(close);
    actions ??= (
      <>
        {deleteAction}
        <Button
          onClick={() => {
            unsaved.discard();
            cancel();
          }}
          disabled={zodForm.busy}
        >
          {t('common.cancel')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          color={submitColor}
          disabled={!zodForm.canSubmit || submitDisabled}
          loading={zodForm.busy}
        >
          {submitLabel ?? t('common.save')}
        </Button>
      </>
    );
  }
  const failure =
    zodForm && showFailure && zodForm.failure ? (
      <Alert severity="error" role="alert" sx={{ mb: 2 }}>
        {errorText(t, zodForm.failure)}
      </Alert>
    ) : null;
  const titleId = useId();
  const descriptionId = useId();
  const paperSx = (theme: Theme) => ({
    width,
    height,
    maxWidth: 'calc(100% - 32px)',
    maxHeight: 'calc(100% - 32px)',
    m: 2,
    ...(bare && { display: 'flex', flexDirection: 'column' }),
    ...(placement === 'popup' && {
      position: 'absolute',
      top: POPUP_TOP,
      right: POPUP_RIGHT,
      m: 0,
      maxWidth: `calc(100% - ${2 * POPUP_RIGHT}px)`,
      maxHeight: `calc(100% - ${POPUP_TOP + POPUP_RIGHT}px)`,
    }),
    [theme.breakpoints.down(fullScreenBelow)]: {
      position: 'relative',
      top: 'auto',
      right: 'auto',
      m: 0,
      width: '100%',
      maxWidth: '100%',
      height: '100%',
      maxHeight: 'none',
      borderRadius: 0,
    },
  });
  const form = onSubmit ? { component: 'form', onSubmit, noValidate: true } : {};
  const dialog = (
    <Dialog
      open={open}
      onClose={busy || !dismissible ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      aria-busy={busy || undefined}
      maxWidth={false}
      // Only when given: an explicit undefined would replace MUI's own Escape handler.
      {...(onKeyDown && { onKeyDown })}
      slotProps={{ paper: { ...form, sx: paperSx } as object }}
    >
      <DialogTitle id={titleId} sx={titleAside ? { display: 'flex', alignItems: 'center', gap: 2 } : undefined}>
        {titleAside ? (
          <>
            <Box component="span" sx={{ flexGrow: 1, minWidth: 0 }}>
              {title}
            </Box>
            {titleAside}
          </>
        ) : (
          title
        )}
      </DialogTitle>
      {header}
      {bare ? (
        children
      ) : (
        <DialogContent {...contentProps}>
          {description && (
            <DialogContentText id={descriptionId} component="div" sx={children ? { mb: 2 } : undefined}>
              {description}
            </DialogContentText>
          )}
          {failure}
          {children}
        </DialogContent>
      )}
      {actions && <DialogActions sx={{ px: 3, pb: 2 }}>{actions}</DialogActions>}
    </Dialog>
  );
  return (
    <>
      {dialog}
      {unsaved.prompt}
    </>
  );
}
