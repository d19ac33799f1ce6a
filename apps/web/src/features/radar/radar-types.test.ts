import { itemTypes } from '@pc/shared';
import { describe, expect, it } from 'vitest';
import { radarTypes, showsRadar } from './radar-types';

const claims = itemTypes.map((t) => `${t.claim}.Read`);
const scope = (flags: { isResponsibleParty: boolean; isDataProcessor: boolean }) => ({
  id: '00000000-0000-4000-8000-000000000001',
  name: 'X',
  type: 'Company' as never,
  parentCompanyId: null,
  isDataPrivacyAgency: false,
  ...flags,
});

describe('privacy radar', () => {
  it('prompts for a tenant without a scope', () => {
    expect(showsRadar({ scopeCompany: null, claims })).toBe(false);
    expect(radarTypes({ scopeCompany: null, claims })).toEqual([]);
  });

  it('shows agreements with clients only for a data processor', () => {
    const controller = radarTypes({ scopeCompany: scope({ isResponsibleParty: true, isDataProcessor: false }), claims });
    expect(controller).toContain('service-agreement-with-provider');
    expect(controller).not.toContain('service-agreement-with-client');
    const processor = radarTypes({ scopeCompany: scope({ isResponsibleParty: true, isDataProcessor: true }), claims });
    expect(processor).toContain('service-agreement-with-client');
    expect(processor).toContain('process');
  });
});
