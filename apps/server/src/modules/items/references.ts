import { type FieldDef, type ItemTypeKey, itemTypeDefs } from '@pc/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { appUser, item, tag } from '../../db/schema/index';
import type { Db } from '../../db/types';
import { validationFailed } from '../../platform/errors';

type Data = Record<string, unknown>;

const idsOf = (data: Data, f: FieldDef) => (Array.isArray(data[f.key]) ? (data[f.key] as string[]) : []);

type RefInput = {
  data: Data;
  ownerId: string | null;
  assigneeId: string | null;
  parentType: string | null;
  parentId: string | null;
};

/**
 * Every id the items name must exist where the caller may see it: tags of the right kind and
 * items of the right type of the items' own company, users the caller may see (row-level
 * security on app_user: users of the caller's companies and those who look after them), a parent
 * of the same company (a finding of the bakery's audit is the bakery's issue, never another
 * client's). Otherwise 422 on that field. Many items (an import) are checked together, one
 * statement per field.
 */
export async function checkReferences(tx: Db, type: ItemTypeKey, inputs: readonly RefInput[], companyId: string) {
  const fields: Record<string, string[]> = {};
  const def = itemTypeDefs[type];
  for (const f of def.fields) {
    const ids = [...new Set(inputs.flatMap((input) => idsOf(input.data, f)))];
    if (ids.length === 0) continue;
    if (f.kind === 'tags') {
      const found = await tx
        .select({ id: tag.id })
        .from(tag)
        .where(and(inArray(tag.id, ids), eq(tag.type, f.tagType), eq(tag.companyId, companyId)));
      if (found.length !== ids.length) fields[`data.${f.key}`] = ['validation.unknownReference'];
    } else if (f.kind === 'links') {
      const found = await tx
        .select({ id: item.id })
        .from(item)
        .where(and(inArray(item.id, ids), eq(item.type, f.itemType), eq(item.companyId, companyId)));
      if (found.length !== ids.length) fields[`data.${f.key}`] = ['validation.unknownReference'];
    }
  }
  const people = (key: 'ownerId' | 'assigneeId') => inputs.map((input) => input[key]).filter((u): u is string => !!u);
  const users = [...new Set([...people('ownerId'), ...people('assigneeId')])];
  if (users.length) {
    const found = new Set((await tx.select({ id: appUser.id }).from(appUser).where(inArray(appUser.id, users))).map((u) => u.id));
    for (const key of ['ownerId', 'assigneeId'] as const) {
      if (people(key).some((id) => !found.has(id))) fields[key] = ['validation.unknownReference'];
    }
  }
  const parents = inputs.filter((input) => input.parentId && input.parentType);
  if (inputs.some((input) => (input.parentType === null) !== (input.parentId === null))) {
    fields.parentId = ['validation.parentIncomplete'];
  } else if (parents.length) {
    const found = await tx
      .select({ id: item.id, type: item.type })
      .from(item)
      .where(and(inArray(item.id, [...new Set(parents.map((p) => p.parentId!))]), eq(item.companyId, companyId)));
    if (!parents.every((p) => found.some((f) => f.id === p.parentId && f.type === p.parentType))) {
      fields.parentId = ['validation.unknownReference'];
    }
  }
  if (Object.keys(fields).length) throw validationFailed(fields);
}
