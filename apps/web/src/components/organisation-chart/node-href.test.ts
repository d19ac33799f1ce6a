import { describe, expect, it } from 'vitest';
import { exportFileName } from './export';
import { nodeHref } from './node-href';

const id = '0b7c6a2e-4d1f-4b8e-9a51-3f2d7c1e9a00';

describe('nodeHref', () => {
  it('navigates by the id prefix', () => {
    expect(nodeHref(`P-${id}`)).toBe(`/process/${id}`);
    expect(nodeHref(`SA-${id}`)).toBe(`/service-agreement/${id}`);
    expect(nodeHref(`PSA-${id}`)).toBe(`/service-agreement/${id}`);
    expect(nodeHref(`C-${id}`)).toBe(`/company/${id}`);
    expect(nodeHref(`O-${id}`)).toBe(`/organisation-unit/${id}`);
    expect(nodeHref(`X-${id}`)).toBeNull();
    expect(nodeHref(id)).toBeNull();
  });
});

describe('export', () => {
  it('names the file after company and day', () => {
    const day = new Date(2026, 10, 24, 15, 0);
    expect(exportFileName('Organigramm', 'Bäckerei Schmidt', 'png', day)).toBe('Organigramm Bäckerei Schmidt 2026-11-24.png');
    expect(exportFileName('Organigramm', 'A/B: "C"', 'svg', day)).toBe('Organigramm A-B- -C- 2026-11-24.svg');
  });
});
