/** The set-up key in groups of four, as authenticator apps print it ("JBSW Y3DP …"). */
export function groupInFours(secret: string): string {
  return (secret.replace(/\s+/g, '').match(/.{1,4}/g) ?? []).join(' ');
}

/** The text file offered for download next to the recovery codes. */
export function recoveryCodesFile(lines: { heading: string; account: string; created: string; hint: string }, codes: string[]) {
  return [
    lines.heading,
    lines.account,
    lines.created,
    '',
    ...codes.map((c, i) => `${String(i + 1).padStart(2, ' ')}. ${c}`),
    '',
    lines.hint,
    '',
  ].join('\n');
}
