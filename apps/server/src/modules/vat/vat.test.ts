import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

const validate = (t: TestApp, value?: string, remoteAddress = '127.0.0.1') =>
  t.app.inject({ url: '/api/vat/validate', query: value === undefined ? {} : { value }, remoteAddress });

describe('GET /api/vat/validate', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers without a login, with the value normalised and the country as data', async () => {
    // 13669597 → ISO 7064 MOD 11,10 check digit 6 (see packages/shared/src/vat/numbers.fixture.ts).
    const res = await validate(t, 'de 136-695.976');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      value: 'DE136695976',
      isValid: true,
      isValidFormat: true,
      isSupportedCountry: true,
      country: { name: 'Germany', isoCode: { short: 'DE', long: 'DEU', numeric: '276' } },
    });
  });

  it('tells a wrong check digit from a wrong pattern and an unknown country', async () => {
    expect((await validate(t, 'DE136695977')).json()).toMatchObject({
      isValid: false,
      isValidFormat: true,
      isSupportedCountry: true,
    });
    expect((await validate(t, 'DE1366959')).json()).toMatchObject({
      isValid: false,
      isValidFormat: false,
      isSupportedCountry: true,
    });
    expect((await validate(t, 'US136695976')).json()).toEqual({
      value: 'US136695976',
      isValid: false,
      isValidFormat: false,
      isSupportedCountry: false,
      country: null,
    });
  });

  it('takes an empty or missing value as valid and refuses text a database could not hold', async () => {
    for (const value of ['', undefined]) {
      expect((await validate(t, value)).json()).toMatchObject({ value: '', isValid: true, country: null });
    }
    expect((await validate(t, 'x'.repeat(201))).statusCode).toBe(422);
    expect((await validate(t, 'DE\u0000')).statusCode).toBe(422);
  });
});

describe('GET /api/vat/validate rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_LIMIT: '3' });
  });
  afterAll(() => t.close());

  it('answers 429 after LOGIN_RATE_LIMIT calls a minute from one address, like the other public calls', async () => {
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await validate(t, 'DE136695976', '127.0.0.7')).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
    expect((await validate(t, 'DE136695976', '127.0.0.7')).json().code).toBe('rate_limited');
    // Another address has its own count.
    expect((await validate(t, 'DE136695976', '127.0.0.8')).statusCode).toBe(200);
  });
});
