import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { calendarDate, publishTermsOfUseSchema } from '@pc/shared';
import dayjs from 'dayjs';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DialogFrame } from '../../components/dialog-frame';
import { FilledTextField } from '../../components/filled-text-field';
import { MarkdownContent } from '../../components/markdown-content';
import { PageHeader } from '../../components/page-header';
import { DATE_FORMAT, PickersProvider } from '../../components/pickers-provider';
import { SimpleTable } from '../../components/simple-table';
import { formatDate, formatDateTime, toDay } from '../../lib/format';
import { applyFieldErrors, errorText, messageText } from '../../lib/messages';
import { notify } from '../../lib/notify';
import { type TermsOfUseVersion, usePublishTerms, useTermsVersions } from './api';
import { type TermsStatus, termsStatuses } from './terms-status';

/** The form edits a calendar day; the API takes the instant that day starts (local time). */
const publishFormSchema = publishTermsOfUseSchema.omit({ releaseDate: true }).extend({ releaseDate: calendarDate });
type PublishForm = z.infer<typeof publishFormSchema>;

const statusColor: Record<TermsStatus, 'success' | 'info' | 'default'> = {
  current: 'success',
  scheduled: 'info',
  previous: 'default',
};

/** Columns a phone leaves out: the status reads under the date there. */
const wideOnly = { display: { xs: 'none', sm: 'table-cell' } } as const;

function PreviewDialog({ version, onClose }: { version: TermsOfUseVersion; onClose: () => void }) {
  const { t } = useTranslation();
  const [language, setLanguage] = useState<'de' | 'en'>('de');
  return (
    <DialogFrame
      title={t('account.termsAdmin.previewTitle', { date: formatDate(version.releaseDate) })}
      header={
        <Tabs value={language} onChange={(_e, value: 'de' | 'en') => setLanguage(value)} sx={{ px: 3 }}>
          <Tab value="de" label={t('language.name.de')} />
          <Tab value="en" label={t('language.name.en')} />
        </Tabs>
      }
      onClose={onClose}
      width={900}
      contentProps={{ dividers: true }}
      actions={<Button onClick={onClose}>{t('common.close')}</Button>}
    >
      <MarkdownContent>{language === 'de' ? version.contentDe : version.contentEn}</MarkdownContent>
    </DialogFrame>
  );
}

function VersionsCard() {
  const { t } = useTranslation();
  const headingId = useId();
  const versions = useTermsVersions();
  const [preview, setPreview] = useState<TermsOfUseVersion | null>(null);
  const statuses = termsStatuses(versions.data ?? []);

  return (
    <Card component="section" aria-labelledby={headingId}>
      <CardContent sx={{ p: { xs: 2.5, sm: 3 }, pb: 1 }}>
        <Typography id={headingId} variant="h6" component="h2">
          {t('account.termsAdmin.versions')}
        </Typography>
      </CardContent>
      {versions.isPending && <LinearProgress aria-label={t('common.loading')} />}
      {versions.isError && (
        <CardContent>
          <Alert severity="error">{errorText(t, versions.error)}</Alert>
        </CardContent>
      )}
      {versions.data?.length === 0 && (
        <CardContent>
          <Typography color="text.secondary">{t('account.termsAdmin.noVersions')}</Typography>
        </CardContent>
      )}
      {!!versions.data?.length && (
        <SimpleTable
          labelledBy={headingId}
          inset={[3, 3]}
          columns={[
            t('account.termsAdmin.releaseDate'),
            { label: t('account.termsAdmin.status'), sx: wideOnly },
            { label: t('account.termsAdmin.agreements'), align: 'right' },
            { label: t('account.termsAdmin.createdAt'), sx: wideOnly },
            { label: t('account.termsAdmin.actions'), align: 'right', hidden: true },
          ]}
        >
          {versions.data.map((v) => {
            const status = statuses.get(v.id) ?? 'previous';
            const chip = (
              <Chip
                size="small"
                label={t(`account.termsAdmin.statusName.${status}`)}
                color={statusColor[status]}
                variant={status === 'previous' ? 'outlined' : 'filled'}
                // MUI's info fill is too light for white text (WCAG AA); the dark shade passes.
                sx={status === 'scheduled' ? { bgcolor: 'info.dark' } : undefined}
              />
            );
            return (
              <TableRow key={v.id} hover>
                <TableCell sx={{ whiteSpace: 'nowrap', fontWeight: status === 'current' ? 600 : undefined }}>
                  {formatDate(v.releaseDate)}
                  {/* Phones: the status sits under the date instead of in its own column. */}
                  <Box sx={{ display: { xs: 'block', sm: 'none' }, mt: 0.5 }}>{chip}</Box>
                </TableCell>
                <TableCell sx={wideOnly}>{chip}</TableCell>
                <TableCell align="right">{v.agreements}</TableCell>
                <TableCell sx={{ ...wideOnly, whiteSpace: 'nowrap' }}>{formatDateTime(v.createdAt)}</TableCell>
                <TableCell align="right">
                  <Button size="small" onClick={() => setPreview(v)}>
                    {t('account.termsAdmin.show')}
                  </Button>
                </TableCell>
              </TableRow>
            );
          })}
        </SimpleTable>
      )}
      {preview && <PreviewDialog version={preview} onClose={() => setPreview(null)} />}
    </Card>
  );
}

function PublishCard() {
  const { t } = useTranslation();
  const headingId = useId();
  const [pending, setPending] = useState<PublishForm | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<PublishForm>({
    resolver: zodResolver(publishFormSchema),
    defaultValues: { releaseDate: toDay(new Date()), contentDe: '', contentEn: '' },
  });

  const publishing = usePublishTerms();
  const publish = {
    isPending: publishing.isPending,
    mutate: (values: PublishForm) =>
      publishing.mutate(
        { ...values, releaseDate: new Date(`${values.releaseDate}T00:00:00`).toISOString() },
        {
          onSuccess: () => {
            setPending(null);
            notify(t('account.termsAdmin.published'), 'success');
            reset({ releaseDate: toDay(new Date()), contentDe: '', contentEn: '' });
          },
          onError: (error) => {
            setPending(null);
            if (!applyFieldErrors(error, setError, ['releaseDate', 'contentDe', 'contentEn']))
              notify(errorText(t, error), 'error');
          },
        },
      ),
  };

  const fieldMessage = (field: keyof PublishForm) => messageText(t, errors[field]?.message);
  const contentFields = [
    { name: 'contentDe', lang: 'de', label: t('account.termsAdmin.contentDe') },
    { name: 'contentEn', lang: 'en', label: t('account.termsAdmin.contentEn') },
  ] as const;

  return (
    <Card component="section" aria-labelledby={headingId}>
      <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
        <form onSubmit={handleSubmit(setPending)} noValidate aria-busy={publish.isPending}>
          <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 0.5 }}>
            {t('account.termsAdmin.publishTitle')}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2.5 }}>
            {t('account.termsAdmin.publishText')}
          </Typography>
          <Stack spacing={2}>
            <Box sx={{ maxWidth: { sm: 260 } }}>
              <Controller
                control={control}
                name="releaseDate"
                render={({ field }) => (
                  <DatePicker
                    label={t('account.termsAdmin.releaseDate')}
                    value={field.value ? dayjs(field.value) : null}
                    onChange={(v) => field.onChange(v?.isValid() ? v.format('YYYY-MM-DD') : '')}
                    format={DATE_FORMAT}
                    inputRef={field.ref}
                    slotProps={{
                      textField: {
                        variant: 'filled',
                        name: field.name,
                        onBlur: field.onBlur,
                        required: true,
                        fullWidth: true,
                        error: !!errors.releaseDate,
                        helperText: fieldMessage('releaseDate'),
                      },
                    }}
                  />
                )}
              />
            </Box>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}>
              {contentFields.map(({ name, lang, label }) => (
                <FilledTextField
                  key={name}
                  {...register(name)}
                  label={label}
                  multiline
                  minRows={8}
                  maxRows={20}
                  required
                  error={!!errors[name]}
                  helperText={fieldMessage(name) ?? t('account.termsAdmin.markdownHint')}
                  inputProps={{ lang }}
                />
              ))}
            </Box>
            <Button type="submit" variant="contained" sx={{ alignSelf: 'flex-end' }} loading={publish.isPending}>
              {t('account.termsAdmin.publish')}
            </Button>
          </Stack>
        </form>
      </CardContent>
      <ConfirmDialog
        open={pending !== null}
        title={t('account.termsAdmin.confirmTitle')}
        text={t('account.termsAdmin.confirmText', { date: pending ? formatDate(`${pending.releaseDate}T00:00:00`) : '' })}
        confirmLabel={t('account.termsAdmin.publish')}
        busy={publish.isPending}
        onClose={() => setPending(null)}
        onConfirm={() => pending && publish.mutate(pending)}
      />
    </Card>
  );
}

/** /administration/terms-of-use: the published versions with their agreements, and a new version. */
export function TermsOfUseAdminPage() {
  const { t } = useTranslation();
  return (
    <Box sx={{ maxWidth: 1100 }}>
      <PageHeader title={t('section.terms-of-use-admin')} />
      <Stack spacing={3}>
        <VersionsCard />
        <PickersProvider>
          <PublishCard />
        </PickersProvider>
      </Stack>
    </Box>
  );
}
