import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

/** What an installation that sells needs: its name, address, tax id and SEPA creditor id. */
const seller = {
  SELLER_NAME: 'Cockpit Betrieb GmbH',
  SELLER_ADDRESS: 'Am Markt 1 | 10115 Berlin',
  SELLER_VAT_ID: 'DE136695976',
  SEPA_CREDITOR_ID: 'DE98 ZZZ0 9999 9999 99',
};

describe('loadConfig', () => {
  it('has documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      productName: 'Privacy Cockpit',
      environment: 'Development',
      languages: ['de', 'en'],
      webcastUrl: null,
      // On in the development demo, off in every other environment unless set.
      subscriptionsEnabled: true,
      initialAdmin: null,
    });
    expect(c.dataDir.endsWith('/data')).toBe(true);
    expect(loadConfig({ ENVIRONMENT: 'Production' }).subscriptionsEnabled).toBe(false);
    expect(loadConfig({ ENVIRONMENT: 'Test' }).subscriptionsEnabled).toBe(false);
    expect(loadConfig({ ENVIRONMENT: 'Production', SUBSCRIPTIONS_ENABLED: 'true', ...seller }).subscriptionsEnabled).toBe(true);
    expect(loadConfig({ SUBSCRIPTIONS_ENABLED: 'false' }).subscriptionsEnabled).toBe(false);
  });

  it.each([
    ['PORT', 'abc'],
    ['ENVIRONMENT', 'Prod'],
    ['LANGUAGES', 'de,fr'],
    ['DATABASE_URL', 'mysql://x'],
    ['SUBSCRIPTIONS_ENABLED', 'maybe'],
    ['WEBCAST_URL', 'not a url'],
    ['SMTP_URL', 'http://mail'],
    ['INITIAL_ADMIN_EMAIL', 'not-an-email'],
    ['SEPA_CREDITOR_ID', 'DE97ZZZ09999999999'],
    ['SELLER_EMAIL', 'no address'],
  ])('names %s when its value %s is wrong', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });

  it('resolves DATA_DIR, LEGAL_DIR and WEB_DIST from where npm start was called', () => {
    // npm runs the server script in apps/server but sets INIT_CWD to where `npm start` was typed.
    const c = loadConfig({ INIT_CWD: '/srv/pc', LEGAL_DIR: 'legal', WEB_DIST: '/opt/web' });
    expect(c.dataDir).toBe('/srv/pc/data');
    expect(c.legalDir).toBe('/srv/pc/legal');
    expect(c.webDist).toBe('/opt/web');
    expect(loadConfig({ INIT_CWD: '/srv/pc', DATA_DIR: '/var/lib/pc' }).dataDir).toBe('/var/lib/pc');
  });

  it('listens on 127.0.0.1 outside Production unless HOST is set: the demo logins are published', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ ENVIRONMENT: 'Staging' }).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ ENVIRONMENT: 'Production' }).host).toBe('0.0.0.0');
    expect(loadConfig({ ENVIRONMENT: 'Production', HOST: '10.0.0.5' }).host).toBe('10.0.0.5');
  });

  it('names the mail sender after PRODUCT_NAME unless MAIL_FROM is set', () => {
    expect(loadConfig({}).mailFrom).toBe('Privacy Cockpit <no-reply@localhost>');
    expect(loadConfig({ PRODUCT_NAME: 'Acme Datenschutz' }).mailFrom).toBe('Acme Datenschutz <no-reply@localhost>');
    expect(loadConfig({ PRODUCT_NAME: 'Acme', MAIL_FROM: 'DSB <dsb@acme.de>' }).mailFrom).toBe('DSB <dsb@acme.de>');
  });

  it('requires the seller data on invoices and the SEPA creditor id where Production sells', () => {
    const c = loadConfig({ ENVIRONMENT: 'Production', SUBSCRIPTIONS_ENABLED: 'true', ...seller });
    expect(c.seller).toEqual({
      name: 'Cockpit Betrieb GmbH',
      address: ['Am Markt 1', '10115 Berlin'],
      vatId: 'DE136695976',
      taxNumber: '',
      email: '',
      creditorId: 'DE98ZZZ09999999999',
    });
    for (const name of Object.keys(seller)) {
      const env = { ENVIRONMENT: 'Production', SUBSCRIPTIONS_ENABLED: 'true', ...seller, [name]: '' };
      expect(() => loadConfig(env), name).toThrow(name === 'SELLER_VAT_ID' ? 'SELLER_TAX_NUMBER' : name);
    }
    expect(loadConfig({ ENVIRONMENT: 'Production' }).seller.creditorId).toBe('');
    expect(loadConfig({}).seller).toMatchObject({ name: 'Privacy Cockpit', creditorId: 'DE98ZZZ09999999999' });
  });

  it('requires the initial admin e-mail and password together', () => {
    expect(() => loadConfig({ INITIAL_ADMIN_EMAIL: 'a@b.de' })).toThrow('INITIAL_ADMIN_PASSWORD');
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', WEBCAST_URL: '' }).port).toBe(3000);
  });
});
