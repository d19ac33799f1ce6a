import { describe, expect, it } from 'vitest';
import { viewFromSearch } from '../../../components/data-grid/use-server-grid';
import {
  activeFilterCount,
  registerDefaults,
  registerParams,
  serviceAgreementDefaults,
  serviceAgreementParams,
  viewHasFilters,
} from './list-state';

describe('register view from the URL', () => {
  it('opens a plain URL on every item by number, 50 rows, no filter', () => {
    const view = viewFromSearch({}, registerDefaults);
    expect(Object.fromEntries(registerParams(view))).toEqual({ page: '0', pageSize: '50', sort: 'number', dir: 'asc' });
    expect(viewHasFilters(view)).toBe(false);
  });

  it('sends the statuses in order, the due-date range and a known sort only', () => {
    const view = viewFromSearch(
      { status: '2,0', from: '2025-01-06', until: '2025-01-12', sort: 'nope', page: 3 },
      registerDefaults,
    );
    expect(Object.fromEntries(registerParams(view))).toEqual({
      page: '2',
      pageSize: '50',
      sort: 'number',
      dir: 'asc',
      from: '2025-01-06 00:00:00',
      until: '2025-01-12 23:59:59',
      status: '0,2',
      dateField: 'dueDate',
    });
    expect(viewHasFilters(view)).toBe(true);
  });

  it('narrows the service-agreement list to a chosen kind only', () => {
    const all = viewFromSearch({}, { ...registerDefaults, filters: { status: '', kind: '' } });
    expect(serviceAgreementParams(all).has('kind')).toBe(false);
    expect(
      serviceAgreementParams({ ...all, filters: { ...all.filters, kind: 'service-agreement-with-client' } }).get('kind'),
    ).toBe('service-agreement-with-client');
  });

  it('sends the chosen assignee and tag from the URL, which counts as a filter', () => {
    const view = viewFromSearch(
      { assigneeId: '0b7f0e6a-0000-4000-8000-000000000001', tagId: '0b7f0e6a-0000-4000-8000-000000000002' },
      registerDefaults,
    );
    const p = registerParams(view);
    expect(p.get('assigneeId')).toBe('0b7f0e6a-0000-4000-8000-000000000001');
    expect(p.get('tagId')).toBe('0b7f0e6a-0000-4000-8000-000000000002');
    expect(viewHasFilters(view)).toBe(true);
    expect(viewHasFilters({ ...view, filters: { ...view.filters, assigneeId: '', tagId: '' } })).toBe(false);
  });

  it("counts the filters behind the phone's Filter button: each own filter set, the range once, not the search", () => {
    expect(activeFilterCount(viewFromSearch({ q: 'Lohn' }, registerDefaults))).toBe(0);
    expect(activeFilterCount(viewFromSearch({ status: '0,2', tagId: 'a', from: '2025-01-06' }, registerDefaults))).toBe(3);
    expect(
      activeFilterCount(
        viewFromSearch({ assigneeId: 'u', from: '2025-01-06', until: '2025-01-12', kind: 'x' }, serviceAgreementDefaults),
      ),
    ).toBe(3);
  });
});
