import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = fileURLToPath(new URL('../..', import.meta.url));
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? files(full) : /\.tsx$/.test(e.name) ? [full] : [];
  });
const catalog = (language: string) =>
  JSON.parse(readFileSync(fileURLToPath(new URL(`../../../public/assets/i18n/${language}.json`, import.meta.url)), 'utf8'));

describe('paginator labels', () => {
  it('are the grid ones on every list, the wizard templates included ("Einträge pro Seite", "x - y von n")', () => {
    const paginated = files(src).filter((f) => readFileSync(f, 'utf8').includes('<TablePagination'));
    expect(paginated.map((f) => path.relative(src, f))).toContain(path.join('features', 'initiation', 'template-grid.tsx'));
    for (const file of paginated) {
      const code = readFileSync(file, 'utf8');
      expect(code, file).toContain('{...paginationLabels(t)}');
      expect(code, file).not.toMatch(/labelRowsPerPage=|labelDisplayedRows=|getItemAriaLabel=/);
    }
    expect(catalog('de').grid.rowsPerPage).toBe('Einträge pro Seite');
    expect(catalog('de').grid.displayedRows).toBe('{{from}} - {{to}} von {{count}}');
  });
});
