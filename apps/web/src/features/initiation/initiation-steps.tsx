import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { dpoTypes, type Initiation, type InitiationInput, type InitiationStepKey } from '@pc/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format';
import { messageText } from '../../lib/messages';
import { CompanyFields } from './company-fields';
import { TagListInput } from './tag-list-input';
import { TemplateGrid } from './template-grid';
import type { InitiationWizard } from './use-initiation-wizard';

type ListKey = 'processes' | 'serviceAgreements' | 'websites' | 'clients';

/** What one step of the wizard asks for. */
export function StepBody({ step, wizard }: { step: InitiationStepKey; wizard: InitiationWizard }) {
  const { t } = useTranslation();
  const { draft, set, fieldErrors, busy, readOnly } = wizard;
  const disabled = readOnly || busy;
  const list = (key: ListKey) => (
    <TagListInput
      label={t(`initiation.list.${key}.label`)}
      helperText={t('initiation.list.hint')}
      value={draft[key]}
      onChange={(v) => set(key, v)}
      error={messageText(t, fieldErrors[key])}
      disabled={disabled}
    />
  );
  const check = (key: 'autoGenerateMeasures' | 'createDemo', label: string) => (
    <FormControlLabel
      control={<Checkbox checked={draft[key]} onChange={(e) => set(key, e.target.checked)} disabled={disabled} />}
      label={label}
    />
  );
  switch (step) {
    case 'company':
      return <CompanyFields form={wizard.companyForm} disabled={disabled} />;
    case 'dpo':
      return (
        <DpoStep
          draft={draft}
          set={set}
          invited={wizard.invited}
          error={fieldErrors.dataProtectionOfficerEmail}
          disabled={disabled}
        />
      );
    case 'processes':
      return (
        <Stack spacing={2.5}>
          <Typography color="text.secondary">{t('initiation.step.processes.intro')}</Typography>
          <TemplateGrid
            selected={draft.processTemplateIds}
            onChange={(ids) => set('processTemplateIds', ids)}
            disabled={disabled}
          />
          {fieldErrors.processTemplateIds && <Alert severity="error">{messageText(t, fieldErrors.processTemplateIds)}</Alert>}
          {list('processes')}
        </Stack>
      );
    case 'processors':
      return list('serviceAgreements');
    case 'websites':
      return list('websites');
    case 'measures':
      return (
        <Stack spacing={1}>
          <Typography color="text.secondary">{t('initiation.step.measures.intro')}</Typography>
          {check('autoGenerateMeasures', t('initiation.step.measures.auto'))}
        </Stack>
      );
    case 'clients':
      return (
        <Stack spacing={2}>
          <Typography color="text.secondary">{t('initiation.step.clients.intro')}</Typography>
          {list('clients')}
          {check('createDemo', t('initiation.step.clients.createDemo'))}
        </Stack>
      );
    case 'finish':
      return <Summary draft={draft} isAgency={wizard.isAgency} />;
  }
}

function DpoStep({
  draft,
  set,
  invited,
  error,
  disabled,
}: {
  draft: InitiationInput;
  set: <K extends keyof InitiationInput>(key: K, value: InitiationInput[K]) => void;
  invited: Initiation['dpoInvitation'];
  error?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const labelId = useId();
  const withEmail = draft.dataProtectionOfficerType === 'External' || draft.dataProtectionOfficerType === 'Internal';
  // Only while the address on screen is the one invited: a changed one is invited on "Next".
  const shownInvitation =
    draft.dataProtectionOfficerType === 'External' &&
    invited &&
    invited.status !== 'Withdrawn' &&
    invited.recipient.toLowerCase() === draft.dataProtectionOfficerEmail.toLowerCase()
      ? invited
      : null;
  return (
    <Stack spacing={2}>
      <FormControl>
        <FormLabel id={labelId}>{t('initiation.step.dpo.question')}</FormLabel>
        <RadioGroup
          aria-labelledby={labelId}
          value={draft.dataProtectionOfficerType ?? ''}
          onChange={(e) => set('dataProtectionOfficerType', e.target.value as (typeof dpoTypes)[number])}
        >
          {dpoTypes.map((type) => (
            <FormControlLabel
              key={type}
              value={type}
              control={<Radio />}
              disabled={disabled}
              label={t(`initiation.step.dpo.type.${type}`)}
            />
          ))}
        </RadioGroup>
      </FormControl>
      {withEmail && (
        <TextField
          type="email"
          label={t('initiation.step.dpo.email')}
          value={draft.dataProtectionOfficerEmail}
          onChange={(e) => set('dataProtectionOfficerEmail', e.target.value.trim())}
          error={!!error}
          helperText={
            messageText(t, error) ??
            (shownInvitation ? undefined : t(`initiation.step.dpo.emailHint.${draft.dataProtectionOfficerType}`))
          }
          disabled={disabled}
          sx={{ maxWidth: 480 }}
          slotProps={{ htmlInput: { maxLength: 254 } }}
        />
      )}
      {shownInvitation && (
        <Alert
          severity={shownInvitation.status === 'Declined' ? 'warning' : 'success'}
          sx={{ maxWidth: 640 }}
          data-testid="dpo-invitation"
        >
          {t(`initiation.step.dpo.invitation.${shownInvitation.status}`, {
            email: shownInvitation.recipient,
            date: formatDate(shownInvitation.sentDate),
          })}
        </Alert>
      )}
    </Stack>
  );
}

function Summary({ draft, isAgency }: { draft: InitiationInput; isAgency: boolean }) {
  const { t } = useTranslation();
  const lines = isAgency
    ? [
        t('initiation.summary.clients', { count: draft.clients.length }),
        ...(draft.createDemo ? [t('initiation.summary.demo')] : []),
      ]
    : [
        t('initiation.summary.processes', { count: draft.processTemplateIds.length + draft.processes.length }),
        t('initiation.summary.processors', { count: draft.serviceAgreements.length }),
        t('initiation.summary.websites', { count: draft.websites.length }),
        ...(draft.autoGenerateMeasures ? [t('initiation.summary.measures')] : []),
      ];
  return (
    <Stack spacing={1}>
      <Typography>{t('initiation.summary.intro')}</Typography>
      <Box component="ul" sx={{ m: 0, pl: 3 }}>
        {lines.map((line) => (
          <li key={line}>
            <Typography>{line}</Typography>
          </li>
        ))}
      </Box>
      {!isAgency && draft.processTemplateIds.length + draft.processes.length > 0 && (
        <Typography data-testid="initiation-links">{t('initiation.summary.links')}</Typography>
      )}
    </Stack>
  );
}
