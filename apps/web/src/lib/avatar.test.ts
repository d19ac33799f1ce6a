import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { avatarHash, avatarPath, sha256Hex } from './avatar';

const reference = (text: string) => createHash('sha256').update(text).digest('hex');

describe('sha256Hex', () => {
  it('matches the known vectors', () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('agrees with node:crypto for any text, across block boundaries', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), (s) => sha256Hex(s) === reference(s)));
    for (const n of [55, 56, 63, 64, 65, 119, 120, 1000]) expect(sha256Hex('x'.repeat(n))).toBe(reference('x'.repeat(n)));
  });
});

describe('avatarHash', () => {
  it('hashes the trimmed, lower-cased e-mail like the server', () => {
    expect(avatarHash(' Admin@Demo.Local ')).toBe(reference('admin@demo.local'));
  });

  it('builds the address with size and version', () => {
    expect(avatarPath('a@b.de', 64, 7)).toBe(`/avatar/${reference('a@b.de')}?size=64&v=7`);
  });
});
