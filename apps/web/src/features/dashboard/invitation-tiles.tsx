import MarkEmailUnread from '@mui/icons-material/MarkEmailUnread';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Invitation } from '@pc/shared';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/button-link';
import { InvitationAnswers } from '../../components/invitation-answers';
import { useInvitationActions } from '../../lib/invitations';
import { CardLink } from './tile';
import { Figure } from './tiles';

/** The pending, unexpired invitations addressed to the user (the dashboard banner). */
export function incomingPending(list: readonly Invitation[]): Invitation[] {
  return list.filter((i) => i.role === 'Recipient' && i.status === 'Pending' && !i.expired);
}

/** Only invitations where the user is the recipient, each with accept and decline. */
export function InvitationBanner({ invitations }: { invitations: Invitation[] }) {
  const { t } = useTranslation();
  const actions = useInvitationActions();
  return (
    <Alert
      severity="info"
      icon={<MarkEmailUnread />}
      data-tile="invitationBanner"
      sx={{ gridColumn: '1 / -1', '& .MuiAlert-message': { width: '100%' } }}
    >
      <Typography sx={{ fontWeight: 600, mb: 1 }}>{t('invitation.banner.title', { count: invitations.length })}</Typography>
      <Stack spacing={1}>
        {invitations.map((i) => (
          <Box
            key={i.id}
            sx={{ display: 'flex', alignItems: 'center', columnGap: 2, rowGap: 1, flexWrap: 'wrap' }}
            data-invitation={i.id}
          >
            <Typography variant="body2" sx={{ flex: '1 1 320px', minWidth: 0 }}>
              {t(`invitation.banner.text.${i.purpose}`, { company: i.companyName, sender: i.sender })}
            </Typography>
            <Stack direction="row" spacing={1}>
              <InvitationAnswers invitation={i} actions={actions} declineColor="inherit" />
            </Stack>
          </Box>
        ))}
      </Stack>
    </Alert>
  );
}

/**
 * The invitation tile: all pending invitations, incoming and outgoing; invite-DPO and
 * invite-client buttons by right; the body opens /invitation.
 */
export function InvitationTileBody({
  invitations,
  canInviteDpo,
  canInviteClient,
}: {
  invitations: readonly Invitation[];
  canInviteDpo: boolean;
  canInviteClient: boolean;
}) {
  const { t } = useTranslation();
  const pending = invitations.filter((i) => i.status === 'Pending');
  const incoming = pending.filter((i) => i.role === 'Recipient').length;
  const outgoing = pending.filter((i) => i.role === 'Sender').length;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', flexGrow: 1 }}>
      <CardLink to="/invitation" sx={{ flexGrow: 1 }}>
        <CardContent sx={{ pt: 1, display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 1 }}>
          {(
            [
              [incoming, t('invitation.tile.incoming')],
              [outgoing, t('invitation.tile.outgoing')],
            ] as const
          ).map(([value, label]) => (
            <Figure key={label} value={value} label={label} />
          ))}
        </CardContent>
      </CardLink>
      {(canInviteDpo || canInviteClient) && (
        <Box sx={{ px: 2, pb: 2, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {canInviteDpo && (
            <ButtonLink to="/invitation" search={{ new: 'AsDpo' }} size="small" variant="outlined">
              {t('invitation.tile.inviteDpo')}
            </ButtonLink>
          )}
          {canInviteClient && (
            <ButtonLink to="/invitation" search={{ new: 'AsClient' }} size="small" variant="outlined">
              {t('invitation.tile.inviteClient')}
            </ButtonLink>
          )}
        </Box>
      )}
    </Box>
  );
}
