import { type FieldDef, itemTypeDefs, itemTypes } from '@pc/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { catalogT } from '../../test-support';
import { fieldLabel, formatFieldValue, optionLabel, subFieldLabel, validationMessage } from './labels';

describe.each(['de', 'en'] as const)('item labels in %s', (language) => {
  let t: Awaited<ReturnType<typeof catalogT>>;
  beforeAll(async () => {
    t = await catalogT(language);
  });

  it('name every type, field, sub-field and option', () => {
    const missing: string[] = [];
    const check = (key: string, value: string) => {
      if (!value || value === key || value.startsWith('items.')) missing.push(key);
    };
    for (const { key } of itemTypes) {
      check(`items.type.${key}.one`, t(`items.type.${key}.one`));
      check(`items.type.${key}.other`, t(`items.type.${key}.other`));
      for (const f of itemTypeDefs[key].fields as readonly FieldDef[]) {
        check(`field ${f.key}`, fieldLabel(t, key, f.key));
        if (f.kind === 'select' || f.kind === 'multiselect')
          for (const v of f.values) check(`option ${f.options}.${v}`, optionLabel(t, f.options, v));
        if (f.kind === 'list')
          for (const s of [...f.of.map((x) => x.key), '_entry']) check(`sub ${f.key}.${s}`, subFieldLabel(t, f.key, s));
      }
      for (const c of itemTypeDefs[key].columns) check(`column ${key}.${c}`, fieldLabel(t, key, c));
    }
    for (const s of ['open', 'inProgress', 'waiting', 'notApplicable', 'done']) check(`status.${s}`, t(`status.${s}`));
    expect(missing).toEqual([]);
  });

  it('translate validation keys from zod and the server', () => {
    for (const k of [
      'required',
      'tooLong',
      'date',
      'dateTime',
      'unknownReference',
      'companyNotAllowed',
      'duplicate',
      'fileType',
      'fileEmpty',
      'fileSingle',
    ]) {
      expect(validationMessage(t, `validation.${k}`)).not.toMatch(/validation\./);
    }
    expect(validationMessage(t, 'validation.somethingNew')).toBe(t('items.validation.invalid'));
    expect(validationMessage(t, 'Invalid UUID')).toBe('Invalid UUID');
  });
});

describe('field values as text', () => {
  it('formats each kind in German', async () => {
    const t = await catalogT('de');
    const f = (field: FieldDef, v: unknown) => formatFieldValue(t, field, v);
    expect(f({ key: 'd', kind: 'date' }, '2025-01-31')).toBe('31.01.2025');
    expect(f({ key: 'n', kind: 'number' }, 1234.5)).toBe('1.234,5');
    expect(f({ key: 'b', kind: 'boolean' }, true)).toBe('Ja');
    expect(f({ key: 'p', kind: 'select', options: 'priority', values: ['High', 'Low'] }, 'High')).toBe('Hoch');
    expect(f({ key: 'l', kind: 'list', of: [] }, [{}, {}])).toBe('2 Einträge');
    expect(f({ key: 'l', kind: 'links', itemType: 'measure' }, [])).toBe('');
    expect(
      formatFieldValue(t, { key: 't', kind: 'tags', tagType: 'person-groups' }, ['a'], {
        tags: [{ id: 'a', name: 'Kunden', type: 'person-groups' }],
      }),
    ).toBe('Kunden');
    expect(f({ key: 'x', kind: 'text' }, null)).toBe('');
  });
});
