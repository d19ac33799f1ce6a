import { budgetPeriods, type Project, projectInputSchema } from '@pc/shared';
import { useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useCompanyOptions } from '../../lib/company-options';
import { notify } from '../../lib/notify';
import { useSession } from '../../lib/session/session-store';
import { useZodForm } from '../../lib/use-zod-form';
import { useUserLookup } from '../../lib/user-lookup';
import { useDeleteProject, useSaveProject } from './api';
import { parseDecimal, useFieldMessage } from './fields';

const input = projectInputSchema.shape;
/** An amount as typed (empty, or a number not below 0); the server checks its upper bound. */
const amount = z
  .string()
  .refine((s) => !s.trim() || (Number.isFinite(parseDecimal(s)) && parseDecimal(s) >= 0), 'validation.number');
/** The shared project input with the amounts, dates and ids as the form's text fields hold them. */
const formSchema = z
  .object({
    companyId: z.string().min(1, 'validation.required'),
    name: input.name,
    validFrom: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date'),
    validUntil: z.string(),
    budgetHours: amount,
    budgetPeriod: z.enum(budgetPeriods),
    flatRate: amount,
    hourlyRate: amount,
    isActive: z.boolean(),
    rates: z.array(z.object({ userId: z.string().min(1, 'validation.required'), hourlyRate: amount })),
    plannedHours: z.array(z.object({ month: z.string().regex(/^\d{4}-\d{2}$/, 'validation.date'), hours: amount })),
  })
  .refine((v) => !v.validUntil || v.validUntil >= v.validFrom, { message: 'validation.endBeforeStart', path: ['validUntil'] });
export type ProjectFormValues = z.input<typeof formSchema>;

const num = (s: string) => (s.trim() ? parseDecimal(s) : null);
const str = (n: number | null | undefined) => (n == null ? '' : String(n));

/** The month after the last planned one, or the current month for the first. */
function monthAfter(last: string | undefined, today: Date): string {
  const d = last
    ? new Date(Number(last.slice(0, 4)), Number(last.slice(5, 7)), 1)
    : new Date(today.getFullYear(), today.getMonth(), 1);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
}

/**
 * The project dialog's state: the form (with the record's version, so a concurrent change is
 * shown), its rate and planned-hour rows, the options it chooses from, saving and deleting.
 */
export function useProjectForm(project: Project | null, onClose: () => void) {
  const { t } = useTranslation();
  const scope = useSession((s) => s.me?.scopeCompany ?? null);
  const companies = useCompanyOptions(true);
  const users = useUserLookup();
  const save = useSaveProject();
  const remove = useDeleteProject();
  const readOnly = project ? !project.rights.write : false;
  // The server leaves a project's terms (budget, rates) out for a caller who may not see them.
  const withTerms = !project || 'flatRate' in project;
  const today = new Date();
  const valuesOf = (p: Project | null): ProjectFormValues => ({
    companyId: p?.companyId ?? (scope?.type === 'Company' ? scope.id : ''),
    name: p?.name ?? '',
    validFrom: p?.validFrom ?? `${today.getFullYear()}-01-01`,
    validUntil: p?.validUntil ?? '',
    budgetHours: str(p?.budgetHours),
    budgetPeriod: p?.budgetPeriod ?? 'Month',
    flatRate: str(p?.flatRate),
    hourlyRate: str(p?.hourlyRate),
    isActive: p?.isActive ?? true,
    rates: (p?.rates ?? []).map((r) => ({ userId: r.userId, hourlyRate: String(r.hourlyRate) })),
    plannedHours: (p?.plannedHours ?? []).map((m) => ({ month: m.month, hours: String(m.hours) })),
  });
  const form = useZodForm<ProjectFormValues>(formSchema, {
    defaultValues: valuesOf(project),
    versioning: {
      record: project,
      valuesOf,
      labelOf: (path) =>
        t(
          path === 'companyId'
            ? 'time.field.company'
            : path === 'isActive'
              ? 'time.project.active'
              : path === 'plannedHours'
                ? 'time.project.planned'
                : `time.project.${path}`,
        ),
      displayOf: (path, value) => {
        if (Array.isArray(value)) return value.length ? t('conflict.entries', { count: value.length }) : '—';
        if (path === 'companyId') return companies.data?.find((c) => c.id === value)?.name ?? '—';
        if (typeof value === 'boolean') return value ? t('items.yes') : t('items.no');
        return value === null || value === '' ? '—' : String(value);
      },
    },
    onSubmit: async (v, { ifMatch }) => {
      const saved = await save.mutateAsync({
        ifMatch,
        id: project?.id ?? null,
        input: {
          companyId: v.companyId,
          name: v.name.trim(),
          validFrom: v.validFrom,
          validUntil: v.validUntil || null,
          budgetHours: num(v.budgetHours),
          budgetPeriod: v.budgetPeriod,
          flatRate: num(v.flatRate),
          hourlyRate: num(v.hourlyRate),
          isActive: v.isActive,
          rates: v.rates.map((r) => ({ userId: r.userId, hourlyRate: num(r.hourlyRate) ?? 0 })),
          plannedHours: v.plannedHours.map((m) => ({ month: m.month, hours: num(m.hours) ?? 0 })),
        },
      });
      notify(t('time.project.saved'), 'success');
      onClose();
      return saved;
    },
  });
  const rates = useFieldArray({ control: form.control, name: 'rates' });
  const planned = useFieldArray({ control: form.control, name: 'plannedHours' });
  return {
    form,
    msg: useFieldMessage(),
    readOnly,
    withTerms,
    companyOptions: (companies.data ?? [])
      .filter((c) => c.isActive || c.id === project?.companyId)
      .map((c) => [c.id, c.name] as const),
    userOptions: (users.data ?? []).map((u) => [u.id, u.name] as const),
    rates,
    planned,
    addRate: () => rates.append({ userId: '', hourlyRate: '' }),
    addMonth: () => planned.append({ month: monthAfter(form.getValues('plannedHours').at(-1)?.month, today), hours: '' }),
    remove: () => (project ? remove.mutateAsync(project.id) : Promise.resolve()),
  };
}

export type ProjectForm = ReturnType<typeof useProjectForm>;
