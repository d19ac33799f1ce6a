import Stack from '@mui/material/Stack';
import { type InvitationInput, type InvitationPurpose, invitationInputSchema } from '@pc/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DialogFrame } from '../../components/dialog-frame';
import { FormSelectField } from '../../components/form/form-select-field';
import { FormTextField } from '../../components/form-text-field';
import { createInvitation, invitationsKey, useGrantableRoles } from '../../lib/invitations';
import { errorText, messageText } from '../../lib/messages';
import { notify } from '../../lib/notify';
import { useZodForm } from '../../lib/use-zod-form';
import { defaultPurpose } from './logic';

type Values = { purpose: InvitationPurpose; recipient: string; message: string; grantRoleIds?: string[] };

interface Props {
  rights: { canInviteDpo: boolean; canInviteClient: boolean };
  /** Opened from the dashboard's invite-DPO or invite-client button. */
  purpose?: InvitationPurpose;
  onClose: () => void;
}

/**
 * The invitation create dialog (640 px): purpose only when the user may invite both,
 * recipient e-mail, message with 15 rows. A 422 lands on the fields without a toast; any other
 * failure says invitation.save.error with the server's message; success says so for 5000 ms.
 */
export function InvitationDialog({ rights, purpose, onClose }: Props) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const both = rights.canInviteDpo && rights.canInviteClient;
  const roles = useGrantableRoles(rights.canInviteDpo);
  const externalDpo = roles.data?.find((r) => r.key === 'external-dpo');
  const form = useZodForm<Values>(invitationInputSchema, {
    defaultValues: { purpose: purpose ?? defaultPurpose(rights), recipient: '', message: '' },
    onSubmit: async (values) => {
      const grantRoleIds = values.purpose === 'AsDpo' && values.grantRoleIds?.length ? values.grantRoleIds : undefined;
      await createInvitation({ ...values, grantRoleIds } satisfies InvitationInput);
      notify(t('invitation.save.success', { recipient: values.recipient.trim() }), 'success');
      await client.invalidateQueries({ queryKey: invitationsKey });
      onClose();
    },
    onFailure: (error, onFields) => {
      if (!onFields) notify(t('invitation.save.error', { message: errorText(t, error) }), 'error');
    },
  });
  const text = (m?: string) => messageText(t, m);
  const fieldProps = { form, messageOf: text, disabled: form.busy };

  return (
    <DialogFrame title={t('invitation.create.title')} onClose={onClose} form={form} submitLabel={t('common.ok')} width={640}>
      <Stack spacing={2} sx={{ pt: 1 }}>
        {both && (
          <FormSelectField
            {...fieldProps}
            name="purpose"
            label={t('invitation.field.purpose')}
            options={[
              { value: 'AsDpo', label: t('invitation.purpose.AsDpo') },
              { value: 'AsClient', label: t('invitation.purpose.AsClient') },
            ]}
          />
        )}
        <FormTextField
          {...fieldProps}
          name="recipient"
          hint={t('invitation.field.recipientHelp')}
          label={t('invitation.field.recipient')}
          type="email"
          autoComplete="off"
          required
          autoFocus
        />
        {form.watch('purpose') === 'AsDpo' && roles.data && (
          <FormSelectField
            {...fieldProps}
            name="grantRoleIds"
            hint={t('invitation.field.grantRolesHelp')}
            label={t('invitation.field.grantRoles')}
            shown={(ids) => ids?.[0] ?? externalDpo?.id ?? ''}
            chosen={(id) => [id]}
            options={roles.data.map((r) => ({ value: r.id, label: r.key ? t([`rolesAdmin.builtIn.${r.key}`, r.name]) : r.name }))}
          />
        )}
        <FormTextField {...fieldProps} name="message" label={t('invitation.field.message')} multiline rows={15} />
      </Stack>
    </DialogFrame>
  );
}
