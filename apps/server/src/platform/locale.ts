import type { Language } from '@pc/shared';
import type { FastifyRequest } from 'fastify';

/** The first supported language of Accept-Language; German by default. */
export function parseAcceptLanguage(header: string | undefined): Language {
  if (!header) return 'de';
  const langs = header
    .split(',')
    .map((part) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { tag: (tag ?? '').toLowerCase(), q: q ? Number(q.split('=')[1]) || 0 : 1 };
    })
    .sort((a, b) => b.q - a.q);
  for (const { tag } of langs) {
    if (tag.startsWith('de')) return 'de';
    if (tag.startsWith('en')) return 'en';
  }
  return 'de';
}

export function requestLocale(req: FastifyRequest): Language {
  return parseAcceptLanguage(req.headers['accept-language']);
}
