import { z } from 'zod';
import { companyRefSchema } from './company';
import { lockReasons } from './errors';
import { languages } from './language';

export const languageSchema = z.enum(languages);

/** The signed-in user plus what the shell needs to apply claim rules. */
export const userMeSchema = z.object({
  id: z.uuid(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  language: languageSchema,
  company: z.string(),
  companyId: z.uuid(),
  scopeCompany: companyRefSchema.nullable(),
  canSwitchCompanies: z.boolean(),
  hasAccount: z.boolean(),
  supportsInitiation: z.boolean(),
  canContinueInitiation: z.boolean(),
  canInviteDpo: z.boolean(),
  canInviteClient: z.boolean(),
  /** May create a company from a company archive (POST /api/company/import). */
  canImportCompany: z.boolean(),
  isAdministrator: z.boolean(),
  twoFactorEnabled: z.boolean(),
  /** Set while the user must first visit a forced page; every other call then answers 412. */
  lockReason: z.enum(lockReasons).nullable(),
  claims: z.array(z.string()),
});
export type UserMe = z.infer<typeof userMeSchema>;

export const setScopeSchema = z.object({ companyId: z.uuid().nullable() });
export type SetScope = z.infer<typeof setScopeSchema>;

export const setLanguageSchema = z.object({ language: languageSchema });

/** GET /api/user/lookup: active users of the visible companies, for pickers (owner, assignee, DPO). */
export const userLookupSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  companyId: z.uuid(),
  companyName: z.string(),
});
export type UserLookup = z.infer<typeof userLookupSchema>;
