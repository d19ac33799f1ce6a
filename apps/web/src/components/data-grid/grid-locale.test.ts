import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogT, sourceFiles, src } from '../../test-support';

describe('paginator labels', () => {
  it('are the grid ones on every list, the wizard templates included ("Einträge pro Seite", "x - y von n")', async () => {
    const paginated = sourceFiles(src).filter((f) => readFileSync(f, 'utf8').includes('<TablePagination'));
    expect(paginated.map((f) => path.relative(src, f))).toContain(path.join('features', 'initiation', 'template-grid.tsx'));
    for (const file of paginated) {
      const code = readFileSync(file, 'utf8');
      expect(code, file).toContain('{...paginationLabels(t)}');
      expect(code, file).not.toMatch(/labelRowsPerPage=|labelDisplayedRows=|getItemAriaLabel=/);
    }
    const t = await catalogT('de');
    expect(t('grid.rowsPerPage')).toBe('Einträge pro Seite');
    expect(t('grid.displayedRows', { from: 1, to: 25, count: 40 })).toBe('1 - 25 von 40');
  });
});
