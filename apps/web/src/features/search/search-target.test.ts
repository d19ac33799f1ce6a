import { describe, expect, it } from 'vitest';
import { moveActive, searchTarget } from './search-target';

const id = '00000000-0000-4000-8000-000000000001';
const parentId = '00000000-0000-4000-8000-000000000002';

describe('search targets', () => {
  it('opens the detail route of the item type', () => {
    expect(searchTarget({ id, type: 'process', parentType: null, parentId: null })).toBe(`/process/${id}`);
    expect(searchTarget({ id, type: 'issue', parentType: null, parentId: null })).toBe(`/issues/${id}`);
  });

  it("opens a document's parent", () => {
    expect(searchTarget({ id, type: 'document', parentType: 'measure', parentId })).toBe(`/measure/${parentId}`);
    expect(searchTarget({ id, type: 'document', parentType: null, parentId: null })).toBe('/documents');
  });

  it('ignores unknown types', () => {
    expect(searchTarget({ id, type: 'unknown', parentType: null, parentId: null })).toBeNull();
  });

  it('moves through the list with wrapping', () => {
    expect(moveActive(-1, 1, 3)).toBe(0);
    expect(moveActive(-1, -1, 3)).toBe(2);
    expect(moveActive(2, 1, 3)).toBe(0);
    expect(moveActive(0, -1, 3)).toBe(2);
    expect(moveActive(0, 1, 0)).toBe(-1);
  });
});
