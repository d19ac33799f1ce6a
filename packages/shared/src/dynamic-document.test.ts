import { describe, expect, it } from 'vitest';
import { fillPlaceholders, isPlaceholderKey, placeholdersIn } from './dynamic-document';

describe('dynamic document placeholders', () => {
  it('fills known keys, keeps unknown ones as written and tolerates inner spaces', () => {
    expect(
      fillPlaceholders('{{company.name}} / {{ today }} / {{company.fax}} / {{x}', {
        'company.name': 'ACME',
        today: '01.02.2026',
      }),
    ).toBe('ACME / 01.02.2026 / {{company.fax}} / {{x}');
  });

  it('lists the placeholders a template uses once each', () => {
    const used = placeholdersIn('{{dpo.name}} {{foo.bar}} {{ dpo.name }}');
    expect(used).toEqual(['dpo.name', 'foo.bar']);
    expect(used.filter((k) => !isPlaceholderKey(k))).toEqual(['foo.bar']);
  });
});
