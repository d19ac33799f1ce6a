import { z } from 'zod';
import { invitationStatusSchema } from './invitation';
import { text } from './scalars';

/** Who acts as the company's data protection officer. */
export const dpoTypes = ['AccountHolder', 'Internal', 'External'] as const;
export const dpoTypeSchema = z.enum(dpoTypes);
export type DpoType = z.infer<typeof dpoTypeSchema>;

/** Wizard steps by index. A data privacy agency has 'clients' instead of 1–5. */
export const responsiblePartySteps = ['company', 'dpo', 'processes', 'processors', 'websites', 'measures', 'finish'] as const;
export const agencySteps = ['company', 'clients', 'finish'] as const;
export type InitiationStepKey = (typeof responsiblePartySteps)[number] | (typeof agencySteps)[number];
export const initiationStepsFor = (isAgency: boolean): readonly InitiationStepKey[] =>
  isAgency ? agencySteps : responsiblePartySteps;

/** Longest free-text entry (a process, processor, website or client name) and most entries per list. */
export const INITIATION_ENTRY_MAX = 200;
export const INITIATION_LIST_MAX = 100;
/** The template grid's page size and its options. */
export const PROCESS_TEMPLATE_PAGE_SIZE = 15;
export const PROCESS_TEMPLATE_PAGE_SIZES = [15, 25, 50] as const;

const entry = text.trim().min(1, 'validation.required').max(INITIATION_ENTRY_MAX, 'validation.tooLong');
const entries = z.array(entry).max(INITIATION_LIST_MAX, 'validation.tooMany').default([]);

/** What the wizard sends on save and finish (the initiation object). */
export const initiationInputSchema = z.object({
  companyId: z.uuid(),
  step: z
    .number()
    .int('validation.step')
    .min(0, 'validation.step')
    .max(responsiblePartySteps.length - 1, 'validation.step'),
  showReminder: z.boolean().default(true),
  dataProtectionOfficerType: dpoTypeSchema.nullable().default(null),
  dataProtectionOfficerEmail: z.union([z.literal(''), z.email('validation.email').max(254, 'validation.tooLong')]).default(''),
  processTemplateIds: z
    .array(z.string().max(60, 'validation.unknownReference'))
    .max(INITIATION_LIST_MAX, 'validation.tooMany')
    .default([]),
  processes: entries,
  serviceAgreements: entries,
  websites: entries,
  clients: entries,
  createDemo: z.boolean().default(false),
  autoGenerateMeasures: z.boolean().default(true),
});
export type InitiationInput = z.infer<typeof initiationInputSchema>;

export const initiationSchema = initiationInputSchema.extend({
  isFinished: z.boolean(),
  /** The company's name and whether it runs the agency's steps (decided by the server). */
  companyName: z.string(),
  isAgency: z.boolean(),
  /** The latest invitation the company sent to the stored external DPO address, or null. */
  dpoInvitation: z
    .object({ recipient: z.string(), status: invitationStatusSchema, sentDate: z.iso.datetime({ offset: true }).nullable() })
    .nullable(),
  /** Write rights on the company: saving and finishing need them (the web shows controls from these). */
  rights: z.object({ write: z.boolean() }),
});
export type Initiation = z.infer<typeof initiationSchema>;

export const initiationCompanyQuerySchema = z.object({ companyId: z.uuid() });

/** What finishing created, so the wizard can say so. */
export const initiationFinishResultSchema = z.object({
  processes: z.number().int(),
  serviceAgreements: z.number().int(),
  websites: z.number().int(),
  clients: z.number().int(),
  measures: z.number().int(),
});
export type InitiationFinishResult = z.infer<typeof initiationFinishResultSchema>;

/** A process template: templateName, templateDescription, and what finishing copies. */
export const processTemplateSchema = z.object({
  id: z.string(),
  templateName: z.string(),
  templateDescription: z.string(),
  legalBases: z.array(z.string()),
  dataCategories: z.array(z.string()),
  personGroups: z.array(z.string()),
  retention: z.string(),
});
export type ProcessTemplate = z.infer<typeof processTemplateSchema>;

export const processTemplateSortFields = ['templateName', 'templateDescription'] as const;
export const processTemplateQuerySchema = z.object({
  page: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(PROCESS_TEMPLATE_PAGE_SIZE),
  sort: z.enum(processTemplateSortFields).default('templateName'),
  dir: z.enum(['asc', 'desc']).default('asc'),
  filter: text.trim().max(200).optional(),
});
export type ProcessTemplateQuery = z.infer<typeof processTemplateQuerySchema>;

export const processTemplatePageSchema = z.object({
  items: z.array(processTemplateSchema),
  total: z.number().int(),
  /** Every id matching the filter, for select-all across all pages. */
  allIds: z.array(z.string()),
});
export type ProcessTemplatePage = z.infer<typeof processTemplatePageSchema>;
