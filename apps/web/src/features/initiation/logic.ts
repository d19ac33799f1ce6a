import { INITIATION_ENTRY_MAX, INITIATION_LIST_MAX } from '@pc/shared';

/**
 * Adds what was typed to a free-text list: split on line breaks only (a name such as
 * "Steuerkanzlei Berg, Hansen & Partner" holds commas and must stay one entry), trimmed,
 * empty values and case-insensitive duplicates ignored, each cut to the longest allowed entry,
 * the list capped at its maximum. Answers the same array when nothing was added.
 */
export function addEntries(list: readonly string[], raw: string): string[] {
  const have = new Set(list.map((v) => v.toLocaleLowerCase()));
  const added: string[] = [];
  for (const part of raw.split(/\r?\n|\r/)) {
    const v = part.trim().slice(0, INITIATION_ENTRY_MAX);
    if (!v || have.has(v.toLocaleLowerCase())) continue;
    if (list.length + added.length >= INITIATION_LIST_MAX) break;
    have.add(v.toLocaleLowerCase());
    added.push(v);
  }
  return added.length ? [...list, ...added] : (list as string[]);
}

/** Select-all across every page: all ids of the filter are chosen, or none of them stays chosen. */
export function toggleAll(selected: readonly string[], allIds: readonly string[]): string[] {
  const everything = allIds.length > 0 && allIds.every((id) => selected.includes(id));
  if (everything) return selected.filter((id) => !allIds.includes(id));
  return [...selected, ...allIds.filter((id) => !selected.includes(id))];
}

export function toggleOne(selected: readonly string[], id: string): string[] {
  return selected.includes(id) ? selected.filter((x) => x !== id) : [...selected, id];
}
