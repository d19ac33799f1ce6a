import { beforeAll, describe, expect, it } from 'vitest';
import { catalogT } from '../../../test-support';
import { changeRows } from './history-format';

let t: Awaited<ReturnType<typeof catalogT>>;
beforeAll(async () => {
  t = await catalogT('de');
});

describe('history rows', () => {
  it('translate field labels and format values', () => {
    const rows = changeRows(
      t,
      'process',
      {
        status: { from: 0, to: 4 },
        dueDate: { from: null, to: '2025-06-30' },
        assigneeId: { from: null, to: 'u1' },
        'data.role': { from: 'controller', to: 'processor' },
        'data.specialCategories': { from: false, to: true },
        'data.legalBases': { from: [], to: ['art6_1_b', 'art6_1_c'] },
        'data.measures': { from: [], to: ['a', 'b'] },
      },
      { userName: (id) => (id === 'u1' ? 'Anna Admin' : undefined) },
    );
    expect(rows.map((r) => [r.label, r.from, r.to])).toEqual([
      ['Status', 'Offen', 'Erledigt'],
      ['Fälligkeit', '', '30.06.2025'],
      ['Bearbeitet von', '', 'Anna Admin'],
      ['Rolle (Art. 30 DSGVO)', 'Verantwortlicher (Art. 30 Abs. 1 DSGVO)', 'Auftragsverarbeiter (Art. 30 Abs. 2 DSGVO)'],
      ['Besondere Kategorien personenbezogener Daten (Art. 9 DSGVO)', 'Nein', 'Ja'],
      [
        'Rechtsgrundlagen',
        '',
        'Art. 6 Abs. 1 lit. b DSGVO – Vertrag oder vorvertragliche Maßnahmen, Art. 6 Abs. 1 lit. c DSGVO – rechtliche Verpflichtung',
      ],
      ['Technische und organisatorische Maßnahmen (TOM)', '', '2 Einträge'],
    ]);
  });

  it('leave out blank-to-blank changes and shorten long texts', () => {
    const rows = changeRows(
      t,
      'process',
      { description: { from: null, to: '' }, 'data.purposes': { from: '', to: 'x'.repeat(400) } },
      { userName: () => undefined },
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.to).toHaveLength(160);
    expect(rows[0]!.to.endsWith('…')).toBe(true);
  });
});
