export type TermsStatus = 'current' | 'scheduled' | 'previous';

/** The version in force is the newest one already released; later ones wait for their date. */
export function termsStatuses(versions: readonly { id: string; releaseDate: string }[], now = new Date()) {
  const released = versions
    .filter((v) => new Date(v.releaseDate).getTime() <= now.getTime())
    .sort((a, b) => b.releaseDate.localeCompare(a.releaseDate));
  const currentId = released[0]?.id;
  return new Map<string, TermsStatus>(
    versions.map((v) => [
      v.id,
      v.id === currentId ? 'current' : new Date(v.releaseDate).getTime() > now.getTime() ? 'scheduled' : 'previous',
    ]),
  );
}
