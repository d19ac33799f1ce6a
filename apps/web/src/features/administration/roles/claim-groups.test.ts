import { allClaims, itemTypes } from '@pc/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expectAnswers } from '../../../test-support';
import { actionOf, groupClaims, groupState, notGrantable, prefixOf, setGroup, sortClaims, toggleClaim } from './claim-groups';

describe('claim groups', () => {
  it('splits a claim into prefix and action', () => {
    expectAnswers(prefixOf, [
      ['Issue.Read', 'Issue'],
      ['Odd', 'Odd'],
    ]);
    expectAnswers(actionOf, [
      ['Document.ReadExtended', 'ReadExtended'],
      ['Odd', 'Odd'],
    ]);
  });

  it('puts every known claim in exactly one group, registers in menu order', () => {
    const { registers, application } = groupClaims();
    const grouped = [...registers, ...application].flatMap((g) => g.claims);
    expect(grouped.sort()).toEqual([...allClaims].sort());
    expect(registers.map((g) => g.itemKey)).toEqual(itemTypes.map((t) => t.key));
    expect(registers[0]!.claims).toEqual(['Issue.Read', 'Issue.Write']);
    const user = application.find((g) => g.prefix === 'User')!;
    expect(user.claims).toEqual(['User.SwitchCompany', 'User.Read', 'User.Write']);
    expect(application.find((g) => g.prefix === 'TimeRecords')!.claims).toEqual([
      'TimeRecords.Read',
      'TimeRecords.ReadAll',
      'TimeRecords.Write',
    ]);
  });

  it('groups only the given claims and keeps unknown ones', () => {
    const { registers, application } = groupClaims(['Process.Read', 'Tag.Write', 'Legacy.Thing']);
    expect(registers).toEqual([{ prefix: 'Process', itemKey: 'process', claims: ['Process.Read'] }]);
    expect(application.map((g) => g.prefix)).toEqual(['Tag', 'Legacy']);
  });

  it('reports and sets the state of a group, leaving claims not held alone', () => {
    const group = {
      prefix: 'TimeRecords',
      itemKey: null,
      claims: ['TimeRecords.Read', 'TimeRecords.ReadAll', 'TimeRecords.Write'],
    };
    expect(groupState(new Set(), group)).toBe('none');
    expect(groupState(new Set(['TimeRecords.Read']), group)).toBe('some');
    expect(groupState(new Set(group.claims), group)).toBe('all');
    const held = new Set(['TimeRecords.Read', 'TimeRecords.Write']);
    expect(setGroup(['Issue.Read'], group, true, held)).toEqual(
      ['Issue.Read', 'TimeRecords.Read', 'TimeRecords.Write'].sort((a, b) => allClaims.indexOf(a) - allClaims.indexOf(b)),
    );
    expect(setGroup(group.claims, group, false, held)).toEqual(['TimeRecords.ReadAll']);
  });

  it('adds Read along with Write, never the other way round', () => {
    expect(toggleClaim([], 'Audit.Write', true)).toEqual(['Audit.Read', 'Audit.Write']);
    expect(toggleClaim(['Audit.Read', 'Audit.Write'], 'Audit.Read', false)).toEqual(['Audit.Write']);
    expect(toggleClaim(['Audit.Read'], 'Audit.Read', false)).toEqual([]);
  });

  it('sorts without duplicates, stable for any input', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...allClaims, 'X.Y')), (claims) => {
        const sorted = sortClaims(claims);
        expect(new Set(sorted).size).toBe(sorted.length);
        expect(sortClaims(sorted)).toEqual(sorted);
        expect(new Set(sorted)).toEqual(new Set(claims));
      }),
    );
  });

  it('names the claims an administrator could not grant', () => {
    expect(notGrantable(['Issue.Read', 'Role.Write'], new Set(['Issue.Read']))).toEqual(['Role.Write']);
  });
});
