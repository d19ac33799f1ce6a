/** The detail object of an event as short "key: value" pairs; nested values as compact JSON. */
export function detailPairs(detail: Record<string, unknown> | null): string[] {
  if (!detail) return [];
  return Object.entries(detail).map(([key, value]) => {
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    return `${key}: ${text}`;
  });
}
