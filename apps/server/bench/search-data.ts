/**
 * Search bench data: items spread over 1,000 companies under the demo group, names
 * from German word lists so that every query kind of the bench has matches of a known share:
 *   'Kundendaten'    in 10 % of the names and another 5 % of the descriptions (common word);
 *   'Sonderprüfung'  in one item per 100,000 (rare word);
 *   'Vertrag'        in 5 % of the names ('Verträge' finds it through the German stemmer);
 *   'Datenschutz…'   in compounds of 10 % of the names (the typo 'Datenschtz' should find them);
 *   'Videoüberwachung Eingangsbereich'  both words in 1 % of the names, each alone in more;
 *   number labels    formatted as the app does (VT-0042), numbered per company and type.
 * Tags (two per company) hang on every seventh item; every tenth item has an attachment.
 * Item n goes to company (n / 100) mod 1,000, so every company holds every word pattern (n mod
 * 100), and its number within the company's type follows from (n / 100,000, n mod 100).
 */
import { formatItemNumber, itemTypeDefs, itemTypes } from '@pc/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/types';
import { queryRows } from '../src/db/types';

const COMPANIES = 1000;
const first = [
  'Vertrag',
  'Datenschutzschulung',
  'Videoüberwachung',
  'Bewerbung',
  'Lohnabrechnung',
  'Löschkonzept',
  'Datenpanne',
  'Auskunftsersuchen',
  'Datensicherung',
  'Zutrittskontrolle',
  'Datenschutzerklärung',
  'Fernwartung',
  'Newsletter',
  'Zeiterfassung',
  'Kassensystem',
  'Webanalyse',
  'Personalakte',
  'Kundenkarte',
  'Reisekosten',
  'Telefonanlage',
];
// 'Eingangsbereich' sits where it meets 'Videoüberwachung' in 1 % of the names (n ≡ 6 mod 20 and n * 13 ≡ 3 mod 25).
const second = [
  'Lager',
  'Lohnbüro',
  'Verkauf',
  'Eingangsbereich',
  'Filiale Nord',
  'Filiale Süd',
  'Buchhaltung',
  'Personalabteilung',
  'Geschäftsführung',
  'Produktion',
  'Versand',
  'Einkauf',
  'Marketing',
  'Kundendienst',
  'Empfang',
  'Werkstatt',
  'Rechenzentrum',
  'Homeoffice',
  'Außendienst',
  'Schulungsraum',
  'Kantine',
  'Parkplatz',
  'Archiv',
  'Serverraum',
  'Vertrieb',
];
const topics = [
  'die Aufbewahrung der Unterlagen',
  'den Zugriff auf Personaldaten',
  'die Verträge mit Dienstleistern',
  'die Löschung nach Fristablauf',
  'die Verschlüsselung der Datenträger',
  'die Protokollierung der Zugriffe',
  'die Information der Betroffenen',
  'die Weitergabe an Behörden',
  'die Einwilligung der Beschäftigten',
  'die Schulung der Mitarbeitenden',
];

const arr = (xs: readonly string[]) => `{${xs.map((x) => `"${x}"`).join(',')}}`;

export async function insertSearchData(db: Db, items: number) {
  const [group] = await queryRows<{ id: string }>(db, sql`select id::text from company where name = 'Beispiel Gruppe'`);
  await db.execute(sql`
    insert into company (name, parent_id, city)
    select 'Bench Firma ' || c, ${group!.id}::uuid, 'Köln' from generate_series(1, ${COMPANIES}::int) c`);
  const companies = (
    await queryRows<{ id: string }>(db, sql`select id::text from company where name like 'Bench Firma %' order by id`)
  ).map((c) => c.id);
  await db.execute(sql`
    insert into tag (company_id, type, name)
    select c, t.type, t.name from unnest(${`{${companies.join(',')}}`}::uuid[]) c,
      (values ('person-groups', 'Leiharbeitnehmer'), ('data-categories', 'Gesundheitsdaten')) t(type, name)`);
  for (let start = 1; start <= items; start += 100_000) {
    await db.execute(
      sql.raw(
        patternItemsSql({
          companiesWhere: "name like 'Bench Firma %'",
          companies: COMPANIES,
          from: start,
          to: Math.min(items, start + 99_999),
        }),
      ),
    );
  }
  await db.execute(sql`
    insert into attachment (company_id, item_id, file_hash, file_name, mime_type, size)
    select company_id, id, md5(id::text), 'Scan_' || replace(name, ' ', '_') || '_' || number_label || '.pdf', 'application/pdf', 1000
    from item where number % 10 = 1 and company_id = any(${`{${companies.join(',')}}`}::uuid[])`);
  // A number label that exists in every company (42 when there are enough items per type).
  const perType = Math.floor(items / COMPANIES / itemTypes.length);
  const numberLabel = formatItemNumber('VT', Math.max(1, Math.min(42, perType)));
  return { group: group!.id, oneCompany: companies[500]!, numberLabel };
}

/**
 * The statement that inserts items `from`..`to` of the word patterns above into the companies
 * `companiesWhere` selects (`companies` of them, in id order): item n goes to company
 * (n / 100) mod companies, so every company holds every word pattern (n mod 100), and its number
 * within the company's type follows from (n / (100 × companies), n mod 100) — later ranges of n
 * continue the numbers. Every seventh item names the company's person-group tags, if it has any.
 * One statement, no round trip per row.
 */
export function patternItemsSql(o: { companiesWhere: string; companies: number; from: number; to: number }) {
  const types = itemTypes.map((t) => t.key);
  const T = types.length;
  const C = Math.trunc(o.companies);
  return `
      with cs as (select array_agg(id order by id) ids from company where ${o.companiesWhere})
      insert into item (company_id, type, number, number_label, name, description, status, due_date, data, updated_at)
      select c.id, x.type, x.number, x.prefix || '-' || lpad(x.number::text, 4, '0'),
             case when n % 10 = 0 then 'Kundendaten ' else '' end
               || ('${arr(first)}'::text[])[(n * 7 % 20) + 1] || ' ' || ('${arr(second)}'::text[])[(n * 13 % 25) + 1]
               || case when n % 100000 = 4711 then ' Sonderprüfung' else '' end,
             'Regelt ' || ('${arr(topics)}'::text[])[(n * 3 % 10) + 1]
               || case when n % 20 = 5 then ', inklusive der Kundendaten' else '' end || ' (' || n || ')',
             n % 5, current_date + ((n % 90) - 45),
             case when n % 7 = 0 then jsonb_build_object('personGroups', coalesce(tg.ids, '[]'::jsonb)) else '{}'::jsonb end,
             now() - ((n * 37) % 10000) * interval '1 minute'
      from generate_series(${Math.trunc(o.from)}::int, ${Math.trunc(o.to)}::int) n cross join cs
      cross join lateral (select cs.ids[((n / 100) % ${C}) + 1] id, ((n / ${100 * C}) * 100 + n % 100)::int j) c
      cross join lateral (
        select ('{${types.join(',')}}'::text[])[(c.j % ${T}) + 1] type,
               ('{${itemTypes.map((t) => itemTypeDefs[t.key].prefix).join(',')}}'::text[])[(c.j % ${T}) + 1] prefix,
               c.j / ${T} + 1 number
      ) x
      left join lateral (
        select jsonb_agg(t.id) ids from tag t where t.company_id = c.id and t.type = 'person-groups'
      ) tg on n % 7 = 0`;
}
