import { describe, expect, it } from 'vitest';
import { parseAcceptLanguage } from './locale';

describe('parseAcceptLanguage', () => {
  it.each([
    [undefined, 'de'],
    ['en-US,en;q=0.9', 'en'],
    ['fr-FR,en;q=0.5,de;q=0.8', 'de'],
    ['fr', 'de'],
    ['de-DE', 'de'],
    ['garbage;;;q=x', 'de'],
  ])('%s → %s', (header, expected) => expect(parseAcceptLanguage(header)).toBe(expected));
});
