import type { Item } from '@pc/shared';
import { itemInputSchema } from '@pc/shared';
import { describe, expect, it } from 'vitest';
import { emptyRow, formValuesOf, ruledDueDate, splitServerErrors } from './form-values';

describe('item form values', () => {
  it('start a new item with empty values of every field kind', () => {
    const v = formValuesOf('impact-assessment', null, 'c1');
    expect(v.companyId).toBe('c1');
    expect(v.data).toEqual({
      processes: [],
      necessity: '',
      risks: [],
      measures: [],
      residualRisk: null,
      dpoOpinion: '',
      priorConsultation: false,
    });
    expect(
      emptyRow([
        { key: 'description', kind: 'text', required: true },
        { key: 'likelihood', kind: 'number', integer: true, min: 1, max: 4, required: true },
      ]),
    ).toEqual({
      description: '',
      likelihood: 1,
    });
  });

  it('fill fields an older item lacks, also inside lists', () => {
    const item = {
      name: 'Schulung',
      description: 'x',
      status: 2,
      dueDate: '2025-01-31',
      owner: { id: 'o', name: 'O' },
      assignee: null,
      parentType: null,
      parentId: null,
      data: { topic: 'DSGVO', participants: [{ name: 'Bea' }] },
    } as unknown as Item;
    const v = formValuesOf('training', item);
    expect(v.ownerId).toBe('o');
    expect(v.companyId).toBeUndefined();
    expect(v.data).toEqual({ topic: 'DSGVO', date: null, trainer: '', participants: [{ name: 'Bea', attended: false }] });
  });

  it('produce a body the shared schema accepts once required fields are set', () => {
    const v = formValuesOf('privacy-request', null, '00000000-0000-4000-8000-000000000001');
    expect(itemInputSchema('privacy-request').safeParse(v).success).toBe(false);
    v.name = 'Auskunft Müller';
    Object.assign(v.data, { requestType: 'access', requester: 'Frau Müller', receivedDate: '2025-02-03' });
    expect(itemInputSchema('privacy-request').safeParse(v).success).toBe(true);
  });

  it('put server errors at their field, the rest in an alert', () => {
    const { atField, other } = splitServerErrors(
      'impact-assessment',
      {
        name: ['validation.required'],
        'data.risks.0.likelihood': ['validation.max'],
        'data.unknown': ['validation.invalid'],
        companyId: ['validation.companyNotAllowed'],
        parentId: ['validation.unknownReference'],
      },
      { hasCompany: false },
    );
    expect(atField).toEqual([
      ['name', 'validation.required'],
      ['data.risks.0.likelihood', 'validation.max'],
    ]);
    expect(other.map(([p]) => p)).toEqual(['data.unknown', 'companyId', 'parentId']);
    expect(splitServerErrors('issue', { companyId: ['x'] }, { hasCompany: true }).atField).toEqual([['companyId', 'x']]);
  });

  it('know which due dates the server sets', () => {
    expect(ruledDueDate('data-breach')).toBe(true);
    expect(ruledDueDate('privacy-request')).toBe(true);
    expect(ruledDueDate('issue')).toBe(false);
  });
});
