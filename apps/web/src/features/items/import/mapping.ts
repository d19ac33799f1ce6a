/** A field goes to one column: choosing it for a column takes it from the column that had it. */
export function assignField(mapping: (string | null)[], column: number, field: string | null): (string | null)[] {
  return mapping.map((f, i) => (i === column ? field : field !== null && f === field ? null : f));
}
