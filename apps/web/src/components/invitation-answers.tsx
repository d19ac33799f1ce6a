import Button from '@mui/material/Button';
import type { Invitation } from '@pc/shared';
import { useTranslation } from 'react-i18next';
import type { useInvitationActions } from '../lib/invitations';

interface InvitationAnswersProps {
  invitation: Invitation;
  /** The list's one `useInvitationActions`: while any action on this invitation runs, both wait. */
  actions: ReturnType<typeof useInvitationActions>;
  /** Decline in the colour of its surroundings (a coloured banner) rather than the primary one. */
  declineColor?: 'inherit';
}

/** Accept and decline of an invitation addressed to the user, each where the server allows it. */
export function InvitationAnswers({ invitation, actions: { run, busy }, declineColor }: InvitationAnswersProps) {
  const { t } = useTranslation();
  const working = busy?.id === invitation.id;
  const answer = (action: 'accept' | 'decline') => (
    <Button
      size="small"
      variant={action === 'accept' ? 'contained' : 'outlined'}
      color={action === 'decline' ? declineColor : undefined}
      loading={working && busy?.action === action}
      disabled={working}
      onClick={() => void run(invitation, action)}
    >
      {action === 'accept' ? t('invitation.accept.action') : t('invitation.decline.action')}
    </Button>
  );
  return (
    <>
      {invitation.rights.accept && answer('accept')}
      {invitation.rights.decline && answer('decline')}
    </>
  );
}
