import Stack from '@mui/material/Stack';
import {
  type Item,
  type ItemTypeKey,
  type Language,
  type QuestionnaireSendInput,
  questionnaireLinkTypes,
  questionnaireSendSchema,
} from '@pc/shared';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { DialogFrame } from '../../../components/dialog-frame';
import { DateInput, formFields, SelectInput, TextInput } from '../../../components/form-inputs';
import { PickersProvider } from '../../../components/pickers-provider';
import { toDay } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useZodForm } from '../../../lib/use-zod-form';
import { useLinkOptions } from '../api';
import { useWritableTypes } from '../detail/finding-actions';
import { typeSingular, validationMessage } from '../labels';
import { pick } from './answers-view';
import { useQuestionnaireTemplates, useSendQuestionnaire } from './api';

type Values = QuestionnaireSendInput & { linkType: string };
const schema = questionnaireSendSchema.extend({ linkType: z.string().min(1, 'validation.required') });

/** A required choice the form keeps as '' while none is made. */
const orEmpty = (p: { value: string; onChange: (value: string) => void }) => ({
  value: p.value || null,
  onChange: (value: string | null) => p.onChange(value ?? ''),
});

/** The link types the user may send for (read and write of that type). */
export const useSendableLinkTypes = (): ItemTypeKey[] => useWritableTypes(questionnaireLinkTypes);

/**
 * Sends a questionnaire: template, recipient, due date, language of the mail and page,
 * and the audit or service agreement it belongs to — fixed when opened from that item.
 */
export function SendQuestionnaireDialog({
  item,
  onClose,
}: {
  item?: Pick<Item, 'id' | 'type' | 'number' | 'name'>;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const types = useSendableLinkTypes();
  const templates = useQuestionnaireTemplates();
  const send = useSendQuestionnaire();
  const inTwoWeeks = toDay(new Date(Date.now() + 14 * 86_400_000));
  const form = useZodForm<Values>(schema, {
    defaultValues: {
      templateKey: '',
      recipientEmail: '',
      dueDate: inTwoWeeks,
      itemId: item?.id ?? '',
      linkType: item?.type ?? types[0] ?? '',
      language: (i18n.language === 'en' ? 'en' : 'de') as Language,
    },
    onSubmit: async ({ linkType: _type, ...values }) => {
      await send.mutateAsync(values);
      notify(t('questionnaire.sent', { email: values.recipientEmail }), 'success');
      onClose();
    },
  });
  const linkType = form.watch('linkType') as ItemTypeKey;
  const options = useLinkOptions(linkType || 'audit', !item && !!linkType);
  const field = formFields(form.control, (m) => validationMessage(t, m));

  return (
    <DialogFrame
      title={t('questionnaire.send.title')}
      description={item ? `${item.number} · ${item.name}` : undefined}
      onClose={onClose}
      form={form}
      submitLabel={t('questionnaire.send.submit')}
      width={640}
    >
      <PickersProvider>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {field('templateKey', (p) => (
            <SelectInput<string>
              label={t('questionnaire.field.template')}
              {...p}
              {...orEmpty(p)}
              required
              options={(templates.data ?? []).map((x) => ({ value: x.key, label: pick(x.name, i18n.language) }))}
            />
          ))}
          {field('recipientEmail', (p) => (
            <TextInput label={t('questionnaire.field.recipient')} type="email" {...p} required />
          ))}
          {field('dueDate', (p) => (
            <DateInput
              label={t('questionnaire.field.dueDate')}
              {...p}
              {...orEmpty(p)}
              helperText={t('questionnaire.field.dueDateHelp')}
              required
            />
          ))}
          {field('language', (p) => (
            <SelectInput<string>
              label={t('questionnaire.field.language')}
              {...p}
              onChange={(v) => p.onChange(v ?? 'de')}
              required
              options={[
                { value: 'de', label: t('questionnaire.language.de') },
                { value: 'en', label: t('questionnaire.language.en') },
              ]}
            />
          ))}
          {!item && (
            <>
              {field('linkType', (p) => (
                <SelectInput<string>
                  label={t('questionnaire.field.linkType')}
                  {...p}
                  value={p.value || null}
                  onChange={(v) => {
                    p.onChange(v ?? '');
                    form.setValue('itemId', '');
                  }}
                  required
                  options={types.map((type) => ({ value: type, label: typeSingular(t, type) }))}
                />
              ))}
              {field('itemId', (p) => (
                <SelectInput<string>
                  label={t('questionnaire.field.item')}
                  {...p}
                  {...orEmpty(p)}
                  helperText={options.isError ? t('questionnaire.itemsFailed') : undefined}
                  required
                  options={(options.data ?? []).map((x) => ({ value: x.id, label: `${x.number} · ${x.name}` }))}
                />
              ))}
            </>
          )}
        </Stack>
      </PickersProvider>
    </DialogFrame>
  );
}
