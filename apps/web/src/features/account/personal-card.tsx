import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { profileInputSchema, type UserMe } from '@pc/shared';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormFilledField } from '../../components/form/form-filled-field';
import { notify } from '../../lib/notify';
import { setMe } from '../../lib/session/session-actions';
import { useZodForm } from '../../lib/use-zod-form';
import { AvatarEditor } from './avatar-editor';
import { updateProfile } from './profile-api';
import { profileErrorText, profileMessage } from './profile-messages';

const nameSchema = profileInputSchema.pick({ firstname: true, lastname: true });
type NameForm = z.input<typeof nameSchema>;

/** Picture, name and the facts only an administrator changes (company). */
export function PersonalCard({ me }: { me: UserMe }) {
  const { t } = useTranslation();
  const headingId = useId();
  const name = `${me.firstname} ${me.lastname}`.trim() || me.email;
  const form = useZodForm<NameForm>(nameSchema, {
    defaultValues: { firstname: me.firstname, lastname: me.lastname },
    onSubmit: async (values) => {
      const fresh = await updateProfile({ firstname: values.firstname, lastname: values.lastname, language: me.language });
      setMe(fresh);
      notify(t('profileEdit.personal.saved'), 'success');
    },
    onFailure: (error, onFields) => {
      if (!onFields) notify(profileErrorText(t, error), 'error');
    },
  });
  const { reset } = form;
  const { isDirty } = form.formState;
  const message = (key?: string) => profileMessage(t, key);
  const fieldProps = { form, messageOf: message, required: true };

  // A fresh `me` (saved here or elsewhere) becomes the new starting point of the form.
  useEffect(() => reset({ firstname: me.firstname, lastname: me.lastname }), [me.firstname, me.lastname, reset]);

  return (
    <Card component="section" aria-labelledby={headingId}>
      <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
        <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('account.profile.personal')}
        </Typography>
        <AvatarEditor me={me} />
        <Box sx={{ mt: 2.5, minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{name}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {me.company}
          </Typography>
        </Box>
        <Divider sx={{ my: 2.5 }} />
        <form onSubmit={form.submit} noValidate aria-busy={form.busy}>
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
            }}
          >
            <FormFilledField
              {...fieldProps}
              name="firstname"
              label={t('profileEdit.personal.firstname')}
              autoComplete="given-name"
            />
            <FormFilledField
              {...fieldProps}
              name="lastname"
              label={t('profileEdit.personal.lastname')}
              autoComplete="family-name"
            />
          </Box>
          <Stack direction="row" sx={{ mt: 2, gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
            {isDirty && (
              <Button onClick={() => reset()} disabled={form.busy}>
                {t('common.cancel')}
              </Button>
            )}
            <Button type="submit" variant="contained" disabled={!isDirty || form.busy}>
              {t('profileEdit.personal.save')}
            </Button>
          </Stack>
        </form>
      </CardContent>
    </Card>
  );
}
