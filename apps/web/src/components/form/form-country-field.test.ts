import { describe, expect, it } from 'vitest';
import { countryOptions } from './form-country-field';

describe('countryOptions', () => {
  it('lists countries by name in the language, without non-country regions', () => {
    const de = countryOptions('de');
    expect(de.find((c) => c.code === 'DE')?.name).toBe('Deutschland');
    expect(de.some((c) => c.code === 'EU' || c.code === 'UN')).toBe(false);
    expect(de.length).toBeGreaterThan(200);
  });
});
