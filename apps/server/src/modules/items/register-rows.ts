import type { ItemTypeKey } from '@pc/shared';
import { and, asc, eq } from 'drizzle-orm';
import { item } from '../../db/schema/index';
import type { Db } from '../../db/types';

/** Every column a register shows of an item: number, core texts, status, people, last change, form fields. */
export const registerItemColumns = {
  id: item.id,
  type: item.type,
  number: item.number,
  numberLabel: item.numberLabel,
  name: item.name,
  description: item.description,
  status: item.status,
  dueDate: item.dueDate,
  ownerId: item.ownerId,
  assigneeId: item.assigneeId,
  updatedAt: item.updatedAt,
  data: item.data,
};

/**
 * One company's items of one type in number order, with every column a register shows (the
 * Art. 30 reports read them whole; the register workbook streams its own page at a time).
 */
export function registerRows(db: Db, companyId: string, type: ItemTypeKey) {
  return db
    .select(registerItemColumns)
    .from(item)
    .where(and(eq(item.companyId, companyId), eq(item.type, type)))
    .orderBy(asc(item.number));
}

export type RegisterItemRow = Awaited<ReturnType<typeof registerRows>>[number];
