import type { Language } from '@pc/shared';
import { and, desc, eq, lte, sql } from 'drizzle-orm';
import { termsOfUse, termsOfUseAgreement } from '../../db/schema/index';
import type { Db } from '../../db/types';
import { AppError, notFound } from '../../platform/errors';
import { logSecurityEvent } from '../../platform/security-log';

async function current(db: Db, now = new Date()) {
  const [row] = await db
    .select()
    .from(termsOfUse)
    .where(lte(termsOfUse.releaseDate, now))
    .orderBy(desc(termsOfUse.releaseDate))
    .limit(1);
  return row ?? null;
}

/** The version in force, or null before the operator published one. */
export async function currentTerms(db: Db, locale: Language) {
  const t = await current(db);
  if (!t) return null;
  return { id: t.id, releaseDate: t.releaseDate.toISOString(), content: locale === 'en' ? t.contentEn : t.contentDe };
}

export async function consent(db: Db, userId: string, termsId: string, ip: string) {
  const t = await current(db);
  if (!t) throw notFound();
  if (t.id !== termsId) throw new AppError(409, 'conflict', 'error.termsNotCurrent');
  const [existing] = await db
    .select({ id: termsOfUseAgreement.id })
    .from(termsOfUseAgreement)
    .where(
      and(
        eq(termsOfUseAgreement.userId, userId),
        eq(termsOfUseAgreement.termsOfUseId, termsId),
        eq(termsOfUseAgreement.isRevoked, false),
      ),
    );
  if (existing) return;
  await db.insert(termsOfUseAgreement).values({ userId, termsOfUseId: termsId });
  await logSecurityEvent(db, { type: 'terms.accepted', userId, ip, detail: { termsOfUseId: termsId } });
}

export async function listVersions(db: Db) {
  const rows = await db
    .select({
      id: termsOfUse.id,
      releaseDate: termsOfUse.releaseDate,
      contentDe: termsOfUse.contentDe,
      contentEn: termsOfUse.contentEn,
      createdAt: termsOfUse.createdAt,
      agreements: sql<number>`(select count(*)::int from terms_of_use_agreement a where a.terms_of_use_id = "terms_of_use"."id" and not a.is_revoked)`,
    })
    .from(termsOfUse)
    .orderBy(desc(termsOfUse.releaseDate));
  return rows.map((r) => ({
    ...r,
    releaseDate: r.releaseDate.toISOString(),
    createdAt: r.createdAt.toISOString(),
    agreements: Number(r.agreements),
  }));
}

export async function publish(db: Db, userId: string, input: { releaseDate: string; contentDe: string; contentEn: string }) {
  const [row] = await db
    .insert(termsOfUse)
    .values({
      releaseDate: new Date(input.releaseDate),
      contentDe: input.contentDe,
      contentEn: input.contentEn,
      publishedBy: userId,
    })
    .returning({ id: termsOfUse.id });
  return row!.id;
}
