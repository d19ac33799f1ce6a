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
  it('shows the statistics of every visible company without a scope, as the dashboard tiles do', () => {
    expect(showsRadar({ scopeCompany: null, claims })).toBe(true);
    const all = radarTypes({ scopeCompany: null, claims });
    expect(all).toContain('process');
    expect(all).toContain('service-agreement-with-client');
  });

  it('prompts for another company where the scope shows no statistics', () => {
    const processorOnly = { scopeCompany: scope({ isResponsibleParty: false, isDataProcessor: true }), claims };
    expect(showsRadar(processorOnly)).toBe(false);
    expect(radarTypes(processorOnly)).toEqual([]);
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
