/** An export's escaped text ("'=…") back to the text it was. */
export const unescapeCell = (v: string) => (/^'[=+\-@\t\r]/.test(v) ? v.slice(1) : v);

/**
 * A cell that a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, or a tab/CR before one)
 * gets a leading apostrophe in an export, so that an exported value never executes on opening
 * (CSV injection). The import takes the apostrophe off again.
 */
export function escapeCell(v: string) {
  return /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
}
