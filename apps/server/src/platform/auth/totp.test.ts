import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { newTotpSecret, totpFor, verifyTotp } from './totp';

// RFC 6238 Appendix B: T0 = 0, X = 30 s, 8 digits; one seed per algorithm.
const seeds = {
  SHA1: '12345678901234567890',
  SHA256: '12345678901234567890123456789012',
  SHA512: '1234567890123456789012345678901234567890123456789012345678901234',
} as const;
const vectors: [number, string, keyof typeof seeds][] = [
  [59, '94287082', 'SHA1'],
  [59, '46119246', 'SHA256'],
  [59, '90693936', 'SHA512'],
  [1111111109, '07081804', 'SHA1'],
  [1111111109, '68084774', 'SHA256'],
  [1111111109, '25091201', 'SHA512'],
  [1111111111, '14050471', 'SHA1'],
  [1234567890, '89005924', 'SHA1'],
  [2000000000, '69279037', 'SHA1'],
  [20000000000, '65353130', 'SHA1'],
  [20000000000, '77737706', 'SHA256'],
  [20000000000, '47863826', 'SHA512'],
];

describe('TOTP (RFC 6238)', () => {
  it.each(vectors)('at %i s gives %s with %s', (time, expected, algorithm) => {
    const totp = new TOTP({ algorithm, digits: 8, period: 30, secret: Secret.fromLatin1(seeds[algorithm]) });
    expect(totp.generate({ timestamp: time * 1000 })).toBe(expected);
  });

  it('accepts the current code and its neighbours, nothing further', () => {
    const secret = newTotpSecret();
    const t = totpFor(secret, 'a', 'b');
    const now = 1_800_000_000_000;
    const code = (offsetSteps: number) => t.generate({ timestamp: now + offsetSteps * 30_000 });
    const step = Math.floor(now / 30_000);
    expect(verifyTotp(secret, code(0), null, now)).toBe(step);
    expect(verifyTotp(secret, code(-1), null, now)).toBe(step - 1);
    expect(verifyTotp(secret, code(1), null, now)).toBe(step + 1);
    expect(verifyTotp(secret, code(2), null, now)).toBeNull();
    expect(verifyTotp(secret, code(-2), null, now)).toBeNull();
    expect(verifyTotp(secret, 'abcdef', null, now)).toBeNull();
  });

  it('refuses a code of a step already used (no replay within the window)', () => {
    const secret = newTotpSecret();
    const t = totpFor(secret, 'a', 'b');
    const now = 1_800_000_000_000;
    const step = verifyTotp(secret, t.generate({ timestamp: now }), null, now)!;
    expect(verifyTotp(secret, t.generate({ timestamp: now }), step, now)).toBeNull();
    expect(verifyTotp(secret, t.generate({ timestamp: now - 30_000 }), step, now)).toBeNull();
    expect(verifyTotp(secret, t.generate({ timestamp: now + 30_000 }), step, now)).toBe(step + 1);
  });

  // CI installs oathtool; a developer machine without it still runs the vectors above.
  it.runIf(fs.existsSync('/usr/bin/oathtool'))('accepts what `oathtool --totp -b SECRET` prints', () => {
    const secret = newTotpSecret();
    const code = execFileSync('/usr/bin/oathtool', ['--totp', '-b', secret], { encoding: 'utf8' }).trim();
    expect(verifyTotp(secret, code, null)).not.toBeNull();
  });
});
