import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { helpContentInputSchema, type Language, languages } from '@pc/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DialogFrame } from '../../../components/dialog-frame';
import { MarkdownContent } from '../../../components/markdown-content';
import { errorText } from '../../../lib/messages';
import { notify } from '../../../lib/notify';
import { routeDefs } from '../../../lib/routing/route-table';
import { useZodForm } from '../../../lib/use-zod-form';
import { createHelpContent, type HelpContent, type HelpContentInput, invalidateHelp, updateHelpContent } from './api';
import { indexTaken, nextHelpIndex, routeSuggestions } from './help-list';
import { helpMessage } from './messages';

interface HelpContentDialogProps {
  /** The page to edit, or the defaults of a new one. */
  initial: HelpContent | { route: string; locale: Language };
  all: readonly HelpContent[];
  onClose: () => void;
}

const suggestions = routeSuggestions(routeDefs);

/** Create or edit one page of help: route, language, position and markdown with a live preview. */
export function HelpContentDialog({ initial, all, onClose }: HelpContentDialogProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const wide = useMediaQuery((theme) => theme.breakpoints.up('md'));
  const [tab, setTab] = useState<'edit' | 'preview'>('edit');
  const existing = 'id' in initial ? initial : null;
  const defaults: HelpContentInput = existing
    ? { route: existing.route, locale: existing.locale, index: existing.index, content: existing.content }
    : { route: initial.route, locale: initial.locale, index: nextHelpIndex(all, initial.route, initial.locale), content: '' };
  const form = useZodForm<HelpContentInput>(helpContentInputSchema, {
    defaultValues: defaults,
    onSubmit: async (values) => {
      if (existing) await updateHelpContent(existing.id, values);
      else await createHelpContent(values);
      await invalidateHelp(queryClient);
      notify(t(existing ? 'helpAdmin.saved' : 'helpAdmin.created'), 'success');
      onClose();
    },
    onFailure: (error) => notify(errorText(t, error), 'error'),
  });
  const { control, register, watch } = form;
  const { errors, isDirty } = form.formState;
  const [route, locale, index, content] = watch(['route', 'locale', 'index', 'content']);
  const duplicate = useMemo(
    () => Number.isInteger(index) && indexTaken(all, { route, locale, index }, existing?.id),
    [all, route, locale, index, existing?.id],
  );

  const editor = (
    <TextField
      label={t('helpAdmin.form.content')}
      variant="filled"
      multiline
      minRows={wide ? 16 : 12}
      maxRows={wide ? 24 : 18}
      required
      fullWidth
      error={!!errors.content}
      helperText={helpMessage(t, errors.content?.message) ?? t('helpAdmin.form.contentHint')}
      slotProps={{
        htmlInput: { spellCheck: true, style: { fontFamily: 'ui-monospace, Menlo, Consolas, monospace', fontSize: 14 } },
      }}
      {...register('content')}
    />
  );
  const preview = (
    <Box
      role="region"
      aria-label={t('helpAdmin.form.preview')}
      data-testid="help-preview"
      sx={{
        border: '1px solid',
        borderColor: 'divider',
        borderRadius: 1,
        p: 2,
        minHeight: { xs: 240, md: 360 },
        maxHeight: { md: 560 },
        overflowY: 'auto',
        bgcolor: 'background.paper',
      }}
    >
      {content.trim() ? (
        <MarkdownContent>{content}</MarkdownContent>
      ) : (
        <Typography color="text.secondary">{t('helpAdmin.form.previewEmpty')}</Typography>
      )}
    </Box>
  );

  return (
    <DialogFrame
      title={t(existing ? 'helpAdmin.editTitle' : 'helpAdmin.createTitle')}
      onClose={onClose}
      form={form}
      width={1200}
      fullScreenBelow="md"
      contentProps={{ dividers: true }}
      submitDisabled={!!existing && !isDirty}
    >
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'minmax(0, 3fr) minmax(0, 1.4fr) minmax(0, 1fr)' },
          mb: 2,
        }}
      >
        <Controller
          control={control}
          name="route"
          render={({ field }) => (
            <Autocomplete
              sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}
              freeSolo
              options={suggestions}
              value={field.value}
              onChange={(_e, value) => field.onChange(value ?? '')}
              inputValue={field.value}
              onInputChange={(_e, value) => field.onChange(value)}
              renderInput={(params) => (
                <TextField
                  {...params}
                  inputRef={field.ref}
                  onBlur={field.onBlur}
                  label={t('helpAdmin.form.route')}
                  variant="filled"
                  required
                  error={!!errors.route}
                  helperText={helpMessage(t, errors.route?.message) ?? t('helpAdmin.form.routeHint')}
                />
              )}
            />
          )}
        />
        <Controller
          control={control}
          name="locale"
          render={({ field }) => (
            <TextField
              select
              label={t('helpAdmin.form.locale')}
              variant="filled"
              required
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
            >
              {languages.map((l) => (
                <MenuItem key={l} value={l} lang={l}>
                  {t(`language.name.${l}`)}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <TextField
          label={t('helpAdmin.form.index')}
          variant="filled"
          type="number"
          required
          error={!!errors.index}
          helperText={
            errors.index
              ? t('helpAdmin.form.indexError')
              : duplicate
                ? t('helpAdmin.form.indexTaken')
                : t('helpAdmin.form.indexHint')
          }
          slotProps={{ htmlInput: { min: 0, max: 999, step: 1, inputMode: 'numeric' } }}
          {...register('index', { valueAsNumber: true })}
        />
      </Box>
      {wide ? (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', alignItems: 'start' }}>
          {editor}
          <Box>
            <Typography variant="overline" color="text.secondary" component="h3" sx={{ lineHeight: 1.5, mb: 0.5 }}>
              {t('helpAdmin.form.preview')}
            </Typography>
            {preview}
          </Box>
        </Box>
      ) : (
        <>
          <Tabs value={tab} onChange={(_e, v: 'edit' | 'preview') => setTab(v)} sx={{ mb: 2 }}>
            <Tab value="edit" label={t('helpAdmin.form.write')} />
            <Tab value="preview" label={t('helpAdmin.form.preview')} />
          </Tabs>
          {/* Kept mounted: the field stays registered while the preview shows. */}
          <Box sx={{ display: tab === 'edit' ? 'block' : 'none' }}>{editor}</Box>
          {tab === 'preview' && preview}
        </>
      )}
    </DialogFrame>
  );
}
