import type { Item } from '@pc/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { catalogT } from '../../../test-support';
import { exportTable } from './export-rows';
import { itemColumns } from './item-columns';

let t: Awaited<ReturnType<typeof catalogT>>;
beforeAll(async () => {
  t = await catalogT('de');
});

const base: Item = {
  id: '00000000-0000-4000-8000-000000000001',
  type: 'process',
  companyId: '00000000-0000-4000-8000-0000000000c1',
  companyName: 'Bäckerei Schmidt',
  number: 'VT-0001',
  name: 'Lohnabrechnung',
  description: '',
  status: 1,
  dueDate: '2025-03-31',
  owner: null,
  assignee: { id: '00000000-0000-4000-8000-0000000000a1', name: 'Anna Admin' },
  parentType: null,
  parentId: null,
  tags: [{ id: '00000000-0000-4000-8000-0000000000t1', name: 'Beschäftigte', type: 'person-groups' }],
  data: { role: 'controller', department: 'Personal', personGroups: ['00000000-0000-4000-8000-0000000000t1'] },
  derived: {},
  attachmentCount: 0,
  createdAt: '2025-01-01T10:00:00.000Z',
  updatedAt: '2025-01-01T10:00:00.000Z',
  rights: { write: true, delete: true },
};

/** Every register starts with these columns. */
const leading = ['Nummer', 'Bezeichnung', 'Status'];

describe('register columns', () => {
  it('are number, name, then the type columns with German headers; company only for several companies', () => {
    const one = itemColumns(t, 'process', { showCompany: false });
    expect(one.map((c) => c.header)).toEqual([
      ...leading,
      'Rolle (Art. 30 DSGVO)',
      'Verantwortliche Abteilung',
      'Schlagwörter',
      'Fälligkeit',
    ]);
    expect(itemColumns(t, 'process', { showCompany: true }).at(-1)?.header).toBe('Unternehmen');
    expect(one.filter((c) => c.sortable).map((c) => c.key)).toEqual(['number', 'name', 'status', 'dueDate']);
  });

  it('resolve derived values and per-type labels', () => {
    expect(itemColumns(t, 'impact-assessment', { showCompany: false }).map((c) => c.header)).toContain('Gesamtrisiko');
    const breach = itemColumns(t, 'data-breach', { showCompany: false });
    expect(breach.map((c) => c.header)).toEqual([
      ...leading,
      'Entdeckt am',
      'Meldefrist Aufsichtsbehörde',
      'Risiko für Betroffene',
      'Gemeldet an Aufsichtsbehörde am',
    ]);
    expect(breach.find((c) => c.key === 'authorityDeadline')?.kind).toBe('countdown');
  });

  it('build the Excel table from what the grid shows', () => {
    const table = exportTable(itemColumns(t, 'process', { showCompany: true }), [base]);
    expect(table.columns.map((c) => c.format)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      'date',
      undefined,
    ]);
    expect(table.rows).toEqual([
      [
        'VT-0001',
        'Lohnabrechnung',
        'In Bearbeitung',
        'Verantwortlicher (Art. 30 Abs. 1 DSGVO)',
        'Personal',
        'Beschäftigte',
        new Date(2025, 2, 31),
        'Bäckerei Schmidt',
      ],
    ]);
  });

  it('formats data of every kind for cells', () => {
    const breach: Item = {
      ...base,
      type: 'data-breach',
      data: { discoveredAt: '2025-05-02T08:00:00.000Z', riskLevel: 'highRisk', notifiedAt: null },
      derived: { authorityDeadline: '2025-05-05T08:00:00.000Z', overdue: true, notified: false },
    };
    const [, , , discovered, deadline, risk, notified] = exportTable(itemColumns(t, 'data-breach', { showCompany: false }), [
      breach,
    ]).rows[0]!;
    expect(discovered).toEqual(new Date('2025-05-02T08:00:00.000Z'));
    expect(deadline).toEqual(new Date('2025-05-05T08:00:00.000Z'));
    expect(risk).toBe('Hohes Risiko (auch Benachrichtigung Betroffener)');
    expect(notified).toBeNull();
  });
});
