import fs from 'node:fs/promises';
import path from 'node:path';
import type { Language, LegalDocument, LegalDocumentType } from '@pc/shared';
import { desc, lte } from 'drizzle-orm';
import { termsOfUse } from '../../db/schema/index';
import type { Db } from '../../db/types';
import { AppError } from '../../platform/errors';

const notConfigured = () => new AppError(404, 'not_found', 'error.legalNotConfigured');

/** Templates shipped with the server, each telling the operator to replace it. */
const DEFAULTS_DIR = path.join(import.meta.dirname, 'defaults');

async function readFile(dir: string, type: LegalDocumentType, language: Language): Promise<string | null> {
  // The type comes from a closed enum, so the path cannot leave the folder.
  return fs.readFile(path.join(dir, `${type}.${language}.md`), 'utf8').catch(() => null);
}

/**
 * A legal document: the operator's file in LEGAL_DIR, German or
 * English, falling back to the other language. Imprint and privacy statement without a file are
 * the shipped templates, which say they must be replaced; terms of use without a file are the
 * current published version from the terms administration.
 */
export async function legalDocument(
  db: Db,
  legalDir: string | null,
  type: LegalDocumentType,
  language: Language,
): Promise<LegalDocument> {
  const order: Language[] = language === 'en' ? ['en', 'de'] : ['de', 'en'];
  if (legalDir) {
    for (const lang of order) {
      const content = await readFile(legalDir, type, lang);
      if (content !== null) return { type, language: lang, content };
    }
  }
  if (type !== 'terms-of-use') {
    const content = await readFile(DEFAULTS_DIR, type, language);
    if (content !== null) return { type, language, content };
  }
  if (type === 'terms-of-use') {
    const [terms] = await db
      .select()
      .from(termsOfUse)
      .where(lte(termsOfUse.releaseDate, new Date()))
      .orderBy(desc(termsOfUse.releaseDate))
      .limit(1);
    if (terms) return { type, language, content: language === 'en' ? terms.contentEn : terms.contentDe };
  }
  throw notConfigured();
}
