import { expect } from 'vitest';
import { createTestApp } from './harness';
import { readPdf } from './pdf';

/** The pages' texts of a PDF. */
export const pdfPages = async (data: Buffer) => (await readPdf(data)).map((p) => p.text);

/** An item as the API answers its creation, as far as the report tests read it. */
export type PostedItem = { id: string; number: string; status: number; name: string; data: object };

/**
 * The report tests' start: an app with the demo, the tokens of the agency's administrator and of
 * the unrelated tenant, the bakery's id, and `post`, which creates something in the bakery as the
 * administrator (and fails the test unless it answers 201).
 */
export async function reportSetup() {
  const t = await createTestApp();
  const admin = await t.tokenFor('admin@demo.local');
  const other = await t.tokenFor('other@demo.local');
  const bakery = await t.companyIdOf('Bäckerei Schmidt');
  const post = async (path: string, payload: object) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/${path}`,
      headers: t.auth(admin, { 'x-tenant': bakery }),
      payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as PostedItem;
  };
  return { t, admin, other, bakery, post };
}
