import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { INVITE_MINUTES } from '../../modules/auth/password-reset';
import { webText } from '../../test/web-catalogue';
import { duration, render } from './templates';

describe('link lifetimes in mails', () => {
  const vars = { name: 'Lea Lang', productName: 'Privacy Cockpit', link: 'http://x/y' };

  it('name the sign-up and user invitation link in days, as the dialogs and the README do', () => {
    expect(render('invite', 'de', { ...vars, minutes: 7 * 24 * 60 }).body).toContain('(gültig für 7 Tage)');
    expect(render('invite', 'en', { ...vars, minutes: 7 * 24 * 60 }).body).toContain('(valid for 7 days)');
    expect(render('invite', 'de', { ...vars, minutes: 7 * 24 * 60 }).body).not.toContain('10080');
  });

  it('name other lifetimes in their largest whole unit', () => {
    expect(render('email-change', 'de', { ...vars, minutes: 24 * 60 }).body).toContain('gültig für 24 Stunden)');
    expect(render('password-reset', 'de', { ...vars, minutes: 60 }).body).toContain('gültig für 1 Stunde,');
    expect(render('password-reset', 'en', { ...vars, minutes: 90 }).body).toContain('valid for 90 minutes,');
    expect(render('password-reset', 'de', { ...vars, minutes: 120 }).body).toContain('gültig für 2 Stunden,');
  });
});

describe('the first-password link lifetime', () => {
  it('is named alike in the mail, the dialogs, the sign-up confirmation and the README', () => {
    const readme = fs.readFileSync(path.resolve(import.meta.dirname, '../../../../../README.md'), 'utf8');
    expect(readme).toContain(`user invitation links last ${duration.en(INVITE_MINUTES)}`);
    for (const lang of ['de', 'en'] as const) {
      const mail = render('invite', lang, { name: 'x', productName: 'y', link: 'z', minutes: INVITE_MINUTES }).body;
      expect(mail).toContain(duration[lang](INVITE_MINUTES));
      for (const key of ['usersAdmin.inviteHint', 'usersAdmin.confirm.invite.text', 'billing.signup.orderCreated.text'])
        expect(webText(lang, key), `${lang} ${key}`).toContain(duration[lang](INVITE_MINUTES));
    }
  });
});
