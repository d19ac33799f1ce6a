import type { Item } from '@pc/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { catalogT, expectAnswers } from '../../../test-support';
import {
  canWriteType,
  findingBody,
  findingDefaults,
  findingField,
  findingTitle,
  routeOf,
  sortChildren,
  validateFinding,
} from './linked-items';

const audit = { id: '0b7c6f1e-3f43-4f57-9a39-6d4b1c2e8a11', companyId: '5d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6' };

describe('linked items', () => {
  it('needs Read and Write to create', () => {
    expect(canWriteType(['Issue.Write'], 'issue')).toBe(false);
    expect(canWriteType(['Issue.Read', 'Issue.Write'], 'issue')).toBe(true);
  });

  it('knows the detail route of a type', () => {
    expect(routeOf('issue')).toBe('/issues');
    expect(routeOf('audit')).toBe('/audit');
  });

  it('orders children by type in menu order, then by number', () => {
    const item = (type: Item['type'], number: string) => ({ type, number }) as Item;
    const sorted = sortChildren([item('measure', 'TOM-0002'), item('issue', 'AUF-0010'), item('issue', 'AUF-0009')]);
    expect(sorted.map((i) => i.number)).toEqual(['AUF-0009', 'AUF-0010', 'TOM-0002']);
  });

  it('takes the first non-empty line of the findings, without list marker', () => {
    expectAnswers(findingTitle, [
      ['\n  - Passwörter zu kurz  \nZweite Zeile', 'Passwörter zu kurz'],
      ['1. Kein Löschkonzept', 'Kein Löschkonzept'],
      ['• Backup ungetestet', 'Backup ungetestet'],
      ['2026 wurde geprüft', '2026 wurde geprüft'],
      ['', ''],
      [null, ''],
    ]);
    const long = findingTitle('x'.repeat(400));
    expect(long).toHaveLength(300);
    expect(long.endsWith('…')).toBe(true);
  });

  it('creates under the audit, in its company, with what each type needs', () => {
    const values = {
      ...findingDefaults({ data: { findings: 'Fund' } }),
      priority: 'High',
      dueDate: '2026-12-01',
      category: 'encryption',
    };
    expect(findingBody('issue', values, audit)).toEqual({
      name: 'Fund',
      parentType: 'audit',
      parentId: audit.id,
      companyId: audit.companyId,
      dueDate: '2026-12-01',
      data: { priority: 'High' },
    });
    expect(findingBody('measure', values, audit)).toEqual({
      name: 'Fund',
      parentType: 'audit',
      parentId: audit.id,
      companyId: audit.companyId,
      data: { category: 'encryption' },
    });
  });

  it('validates with the type schema and names the dialog field', () => {
    const empty = findingDefaults({ data: {} });
    const issue = validateFinding('issue', { ...empty, dueDate: 'invalid' }, audit);
    expect(issue).toEqual({
      ok: false,
      errors: { name: 'validation.required', priority: 'validation.option', dueDate: 'validation.date' },
    });
    expect(validateFinding('measure', empty, audit)).toEqual({
      ok: false,
      errors: { name: 'validation.required', category: 'validation.option' },
    });
    expect(validateFinding('issue', { ...empty, name: 'A', priority: 'Low' }, audit).ok).toBe(true);
    expect(findingField('data.category')).toBe('category');
    expect(findingField('parentId')).toBeNull();
  });

  describe.each(['de', 'en'] as const)('texts in %s', (language) => {
    let t: Awaited<ReturnType<typeof catalogT>>;
    beforeAll(async () => {
      t = await catalogT(language);
    });
    it('exist for the section and the finding dialog', () => {
      for (const key of [
        'belongsTo',
        'title',
        'empty',
        'loadFailed',
        'finding.asIssue',
        'finding.asMeasure',
        'finding.hint',
        'finding.create',
        'finding.creating',
        'finding.created',
      ]) {
        expect(t(`items.linked.${key}`)).not.toMatch(/^items\./);
      }
      expect(t('items.linked.hidden', { count: 2 })).toContain('2');
    });
  });
});
