import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { accessToken } from './api';
import { seriousViolations as axeViolations, DESKTOP, field, PHONE, SNACKBARS, shot, signIn } from './browser';
import { tr } from './catalog';
import { withServerAndBrowser } from './harness';

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The initiation reminder (shown on a scope change to a company with an open wizard), ticked away for good. */
async function dismissReminderForGood(page: Page) {
  const reminder = page.getByRole('dialog', { name: 'Willkommen bei Privacy Cockpit' });
  await reminder.getByRole('checkbox', { name: 'Nicht mehr erinnern' }).check();
  await reminder.getByRole('button', { name: 'Nicht jetzt' }).click();
  await reminder.waitFor({ state: 'detached' });
}

/** Serious or critical axe violations with their elements; snackbars (often mid-animation) are judged elsewhere. */
const seriousViolations = (page: Page) => axeViolations(page, { exclude: [SNACKBARS] });

async function fits(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/** Waits until MUI's menus and dialogs have faded out (axe would judge them half-transparent). */
async function settled(page: Page) {
  await expect.poll(() => page.locator('.MuiPopover-root, .MuiDialog-root').count()).toBe(0);
}

/** A 600×200 PNG; the server scales it down to fit 150×50. */
const LOGO_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAlgAAADICAMAAAADQW+EAAACEFBMVEX///8RWHHwtwYQV3LxtgXqswoUWXDytwUNVnPjsQ18hT7vtgY+alvFoxsTWHDptAnhrw7msgsXW254gz/lsQyTjzIVWW8pYma7oCB1gkHfrw7osgrAoh3erg/drg+rmSfcrhDutQd2g0DisA1/hjw7aV0cXGvgsA5+hj3CohwbXGzpswpqfUfBox3SqRRmfEh5hD/brRAWWm4rY2WomCgWWW/OpxZje0p/hzxadk9CbFlWdVASWHHUqhNxgEKsmSZ7hT4ZW20YW216hD7TqhQtZGSQjTWEiDpceE2+oR5dd02VkDEVWm5Sc1LksQxke0m9oR93g0BPclMoYmYnYmZtfkXEpBtGblg6al1Zdk+xnCV0gkHWqxLMpxcnYWdLcFRgekvDoxxDbVlYdlCaki99hT3VqhOHijlLcFVfeUw4aF+ZkTCYkTA3Z1+qmScsY2QPVnLnsgtJb1aDiDo/a1uXkTG0nSOWkDEOV3NRc1K1nCMqY2XttQfFpRqpmChHbleelC0eXmpcd048alwfXWqUjzJuf0XNqBbGpBuAhzy6oCCdky6Ahjw5aV2cki6SjzPqtAkoYWfLphdheUu4nyEaXGxzgkK3niE5aF44aF4uZWORjjRKcVWSjTRVdFFUdFFvgENnfEhKb1a/oR7arRBTdFI2Z2DQqRVQc1LRqBVle0k9a1yBhzu8oB+fky3XrBEuGUNZAAAACXBIWXMAAAsTAAALEwEAmpwYAAAHgUlEQVR4nO3dZ3MURxRGYUtIuiMhQCAJhCQQ0eScMTlnMNnZJjhicM4JcM4555z9F13YH1x24drZ3X6ne+6e5wewulOn2N3e7pkrMkDgCsU/ChAWJAgLEoQFCcKCBGFBgrAgQViQICxIEBYkCAsShAUJwoIEYUGCsCBBWJAgLEgQFiQICxKEBQnCggRhQYKwIEFYkCAsSBAWJAgLEoQFCcJCucLa2Llj88PrDyzvb281a23vX35gaPfCXZ2bVK8H/2GN+Xra0K0tdlkta4dm3jdG8KLwHVbTie0jhlsFk2+5f/WwwC8Mx2GN/PGZdsup/ZWDa0K+NtyG9dpzuav629Tej8K9OnyGNfarEVaDowvaAv0B8BjWszMnWo0mdZwP8ifAX1ibunusDgO3XRngj4C3sJZ17LM6tS8cG2QYOApr760WwB/vPBJmHvgIa+u7FshDS0KNhNKH1dQ9KlRXZq3jWTN1pJ6wxv1mQc3aGnAwlDasFfeG7cps9M0hR0Mpwxp7xgR+XxZ2PJQtrLdmKboye/LxwAOiVGF1TtB0Zda1OvSIKE9YV7WqujJ780LwIVGSsI4067oya54bfkyUIawp/7M7NJSW8YJBkXxYM02uQzEq0g5rnb4rs6slwyLhsI6I3wf/1sLnrAYL66T0c/s/mq8SDYwkw7ooXGf4t1EPqEZGemGN6y+qK7OJh2VDI7GwxtZ0YKJWT/K7YaOEdarIrswe1I2NlMLaX2xXZncIB0cyYS0ZXXRYA+z8a4CwmgaL7spsJ7uV/YfVXXxXZtdJh0cCYX0c8NxEfq3nhLMjgbAe+SBGV2aPKYdH/LAuxOnKjJ92XIe17PpYYa3l9L3nsDpidcUOGtdhza7ylmoh7eNeNH7D2h6vK7OV8ouASGE9G/zMczVG81+W17CmxezKbEOuQRCcOqy2SXHDmpjni2H4y4pMHNaCuF2Z7Scsl2G9GDusWYTlMaw7Y3dl9mGOQVC2sJ6LnZXZZ4TlL6w1U2NnZTajqfIgKFlYj1oCbiIsd2E9Ywm4i7C8hdUU8WfCf3RV3KMc48J7lynDOmFJ6CQsZ2FF/f25il+iI1x39zJlWIUefv5/8wjLV1hjJlsSJld6jnSE6+5eJgzrdkvE04TlKqzIO2by3z2y+MvuXyYMa70l4inCchVWtNM5/zWfsDyFtbGQO47m0Vzh03vxl92/TBdWpyVjOmE5CmuHJeMawnIU1mZLxhTCchTWbktGL2E5CiuZ1YaK6w2FX/UGkOnC2mnJ6CMsR2H9YMl4gbAchSV7kGr1JhGWo7B6LBnthOUorCg3Hr28VsJyFNZwS8ZwwioaYbHcULaweCtsZJkuLD68N7JMFxbLDY0s04W13JLxdoVBUKawDlgyXiYsR2ENWTKWEpajsNg208gyXVhs9GtkwrDYmtzIsoY4THG8wiAoU1ib0jn+tZiwHIWVrbVE/FRpEJQqrKGSrDYQVsnCmmmJ4KYgvsK6zxJxrNIgKFVYixO58doTewjLVVjZUUvCYMVBUK6w7rckvEpYzsJabUn4hbCchZXGAwRm3ENYzsLKXrcEPFh5EJQsrIOWgNsJy11Ya7piV2XWz2Pl/IWV9cbOymxbjkFQtrDujp2V2Z2E5TCs+I/TqfggHf7HKmVYP8cOawVhuQyrbVHcrr4dSVguw8pOxw2rO9cgKF9Y50fH7Kpndj0DIo58Vf4aM6xp8ouAWGG9NzVeV10bBWNDLef76MJ4YY1XXwJEDGvk/FhdbWmTzA2xvJ/8T8YK6zvxBYBG7q+UD8Xp6lrR3EglrHFzYnTVukQ7PlTyL4JNiRHWOtngSCWspggPbOobJh0eOlUs2z9e+Pp7zzjh5JCq5vegm4sOa5dwcGhV9UPjmWK7ekM3NpIKq+2WIruax9JoiVW3NeLwxOK6WnSjbGjoVbnnZnphq1mjOlUjowjVbuZ6tKAHzTV/LhoYxah6l+DcQu5K2rJAMy6KUv320y+LCIu9MmVXw77mDn1XGxSjoki1bJh/Xvxu2PK+YFAUq6aTGHOln+CH8/nKgdqO+HzRqutqzt7gQ6J4NZ4duyhbKZ00PfSIiKHWQ4k3Dmq6GnEo8ICIo+bTrm3bFF09nOc0PUqgjmPUdwTfn9XDPhk36jmff6gvbFeD5wIOhrjquvHDsOsCfjucs459yI7UFVaWLXksVFfXsg3ZlTrDyrK9W0JkNX9VmHHgJqysrbvuO4Z0jefLoDf1h5VlY7r31ZPVwG3cAMufEGFl2ZUbar6b5KKFZOVRmLCyrG3/rFqymreCN0GfQoV16X7wn8yorqr+bd+He3W4DSvLmm46lfv5KDPu+pR1K8eChnVpzfSBlwYrPu33iW9WdlZ8ThxKLXRYl+x5+vTSLc2Xb6p5/tKOY5We74zyU4T1l8XTV13de7bvhgntA2YD7RNu6DvbO2XV8cWq10ODhIXGRliQICxIEBYkCAsShAUJwoIEYUGCsCBBWJAgLEgQFiQICxKEBQnCggRhQYKwIEFYkCAsSBAWJAgLEoQFCcKCBGFBgrAgQViQICxIEBYkCAsShIVM4U8601MwCLv9ngAAAABJRU5ErkJggg==',
  'base64',
);

const ADMIN = 'admin@demo.local';
const READER = 'reader@demo.local';
const NEW_COMPANY = 'E2E Testfirma GmbH';
const GROUP = 'Beispiel Gruppe';
const UUID = /\/administration\/companies\/([0-9a-f-]{36})$/;

describe('company administration in the browser', () => {
  const app = withServerAndBrowser();
  let newId = '';

  const companies = async (email: string) => {
    const res = await fetch(`${app.server.url}/api/company/list-items`, {
      headers: { Authorization: `Bearer ${await accessToken(app.server.url, email)}` },
    });
    return (await res.json()) as { id: string; name: string; isActive: boolean; parentCompanyName: string | null }[];
  };
  const companyId = async (email: string, name: string) => {
    const found = (await companies(email)).find((c) => c.name === name);
    if (!found) throw new Error(`no company ${name}`);
    return found.id;
  };

  it('an administrator creates a company, edits it and finds it in the grid and the scope dialog', async () => {
    const { page, errors, close } = await app.newPage();
    // The entry page links every administration area.
    await signIn(page, app.server.url, ADMIN, { to: '/administration' });
    await page.getByRole('heading', { name: tr('section.administration'), level: 1 }).waitFor();
    for (const [key, href] of [
      ['companies', '/administration/companies'],
      ['users', '/administration/users'],
      ['roles', '/administration/roles'],
      ['security-log', '/administration/security-log'],
      ['webhooks', '/administration/webhooks'],
      ['terms-of-use-admin', '/administration/terms-of-use'],
      ['help-admin', '/administration/help'],
    ]) {
      expect(await page.getByRole('link', { name: new RegExp(`^${escapeRe(tr(`section.${key}`))}`) }).getAttribute('href')).toBe(
        href,
      );
    }
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'admin-companies-entry-desktop');

    await page.getByRole('link', { name: new RegExp(`^${tr('section.companies')}`) }).click();
    await page.getByRole('heading', { name: tr('section.companies'), level: 1 }).waitFor();
    await page.getByRole('link', { name: GROUP, exact: true }).waitFor();
    await page.getByRole('link', { name: 'Alte Druckerei KG', exact: true }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'admin-companies-grid-desktop');

    // Create: the name is required; nothing is sent without it.
    await page.getByRole('button', { name: tr('companiesAdmin.create'), exact: true }).click();
    await page.getByRole('heading', { name: tr('companiesAdmin.newTitle'), level: 1 }).waitFor();
    expect(await field(page, tr('companiesAdmin.field.country')).first().inputValue()).toBe('Deutschland');
    await page
      .getByRole('button', { name: tr('companiesAdmin.createSubmit') })
      .first()
      .click();
    await page.getByText(tr('companiesAdmin.validation.required')).waitFor();
    expect(page.url()).toMatch(/\/administration\/companies\/new$/);

    await field(page, tr('companiesAdmin.field.name')).fill(NEW_COMPANY);
    await field(page, tr('companiesAdmin.field.parent')).click();
    await page.getByRole('option', { name: GROUP }).click();
    await settled(page);
    await field(page, tr('companiesAdmin.field.city')).first().fill('Leipzig');
    await field(page, tr('companiesAdmin.field.vatNumber')).fill('de 136 695 976');
    await field(page, tr('companiesAdmin.field.dataPrivacyAgentLastname')).fill('Wächter');
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'admin-companies-new-desktop');
    await page
      .getByRole('button', { name: tr('companiesAdmin.createSubmit') })
      .first()
      .click();
    await page.getByText(tr('companiesAdmin.created', { name: NEW_COMPANY })).waitFor();
    await expect.poll(() => page.url()).toMatch(UUID);
    newId = UUID.exec(page.url())![1]!;
    await page.getByRole('heading', { name: NEW_COMPANY, level: 1 }).waitFor();

    // Logo: a wrong file is refused in the browser, a PNG is previewed, stored and shown at 150×50.
    const logoInput = page.getByTestId('company-logo-input');
    await logoInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('no image') });
    await page.getByText(tr('companiesAdmin.logo.error.type')).waitFor();
    await logoInput.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: LOGO_PNG });
    await page.getByRole('img', { name: tr('companiesAdmin.logo.previewAlt') }).waitFor();
    await page.getByRole('button', { name: tr('companiesAdmin.logo.save') }).click();
    await page.getByText(tr('companiesAdmin.logo.saved')).waitFor();
    const stored = page.getByRole('img', { name: tr('companiesAdmin.logo.alt', { name: NEW_COMPANY }) });
    await stored.waitFor();
    await expect.poll(() => stored.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(150);
    expect(await stored.evaluate((img: HTMLImageElement) => img.naturalHeight)).toBe(50);

    // IP allow-list: wrong entries stay in the box, single addresses become host ranges.
    const ip = field(page, tr('companiesAdmin.field.ipAllowList'));
    await ip.fill('keine-ip');
    await ip.press('Enter');
    await page.getByText(tr('companiesAdmin.ip.invalid', { entries: 'keine-ip' })).waitFor();
    await ip.fill('192.168.10.0/24, 10.1.2.3');
    await ip.press('Enter');
    await page.getByRole('button', { name: '192.168.10.0/24' }).waitFor();
    await page.getByRole('button', { name: '10.1.2.3/32' }).waitFor();
    await field(page, tr('companiesAdmin.field.passwordExpiryDays')).fill('90');
    await page.getByRole('checkbox', { name: tr('companiesAdmin.field.isDataProcessor') }).check();
    // The DPO as a user account: name and e-mail come along, the fields stay editable.
    await page.getByRole('combobox', { name: tr('companiesAdmin.field.dataPrivacyAgentId') }).click();
    await page.getByRole('option', { name: 'Anna Admin (admin@demo.local)' }).click();
    // The company's own contact fields carry the same labels; the DPO's are told apart by name.
    expect(await page.locator('input[name=dataPrivacyAgentLastname]').inputValue()).toBe('Admin');
    expect(await page.locator('input[name=dataPrivacyAgentEmailAddress]').inputValue()).toBe('admin@demo.local');
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'admin-companies-edit-desktop');
    await page
      .getByRole('button', { name: tr('common.save') })
      .first()
      .click();
    await page.getByText(tr('companiesAdmin.saved', { name: NEW_COMPANY })).waitFor();
    await page.reload();
    await page.getByRole('button', { name: '10.1.2.3/32' }).waitFor();
    expect(await field(page, tr('companiesAdmin.field.passwordExpiryDays')).inputValue()).toBe('90');
    expect(await page.getByRole('checkbox', { name: tr('companiesAdmin.field.isDataProcessor') }).isChecked()).toBe(true);
    await expect
      .poll(() => page.getByRole('combobox', { name: tr('companiesAdmin.field.dataPrivacyAgentId') }).inputValue())
      .toBe('Anna Admin (admin@demo.local)');

    // The grid lists it with its group; the group lists it among its children.
    await page.goto(`${app.server.url}/administration/companies`);
    await page.getByLabel(tr('companiesAdmin.search')).fill('e2e');
    const row = page.getByRole('row', { name: new RegExp(escapeRe(NEW_COMPANY)) });
    await row.waitFor();
    expect(await row.innerText()).toContain(GROUP);
    await page.getByRole('link', { name: NEW_COMPANY }).click();
    await expect.poll(() => page.url()).toContain(newId);
    await page.getByRole('link', { name: GROUP }).click();
    await page.getByRole('heading', { name: GROUP, level: 1 }).waitFor();
    await page.getByText(tr('companiesAdmin.groupOf_other', { count: 3 })).waitFor();
    await page.getByRole('link', { name: NEW_COMPANY }).waitFor();

    // The scope dialog shows it with its logo; choosing it makes the scope name a link to this page.
    await page.getByRole('button', { name: /Unternehmen wählen/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Unternehmen wählen' });
    await dialog.getByLabel('Unternehmen suchen').fill('e2e');
    const tile = dialog.getByRole('button', { name: new RegExp(`^${escapeRe(NEW_COMPANY)}`) });
    await tile.waitFor();
    await expect.poll(() => tile.locator('img').count()).toBe(1);
    await shot(page, 'admin-companies-scope-dialog-desktop');
    await tile.click();
    await expect.poll(() => page.title()).toBe(`Privacy Cockpit (${NEW_COMPANY})`);
    // A new company's first-run wizard is open, so choosing it brings the reminder;
    // told not to remind again, it stays away for the later logins of this file.
    await dismissReminderForGood(page);
    const scopeLink = page.locator('aside').getByRole('link', { name: NEW_COMPANY });
    expect(await scopeLink.getAttribute('href')).toBe(`/administration/companies/${newId}`);
    await scopeLink.click();
    await page.getByRole('heading', { name: NEW_COMPANY, level: 1 }).waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  it('refuses what only the server can judge and changes nothing', async () => {
    const { page, close } = await app.newPage();
    const own = await companyId(ADMIN, 'Muster Datenschutz GmbH');
    await signIn(page, app.server.url, ADMIN, { to: `/administration/companies/${own}` });
    await page.getByRole('heading', { name: 'Muster Datenschutz GmbH', level: 1 }).waitFor();
    await page.getByRole('switch', { name: tr('companiesAdmin.field.isActive') }).uncheck();
    await page
      .getByRole('button', { name: tr('common.save') })
      .first()
      .click();
    await page.getByText(tr('companiesAdmin.validation.ownCompanyActive')).waitFor();
    await page.getByText(tr('companiesAdmin.checkFields')).waitFor();
    await shot(page, 'admin-companies-server-error-desktop');
    expect((await companies(ADMIN)).find((c) => c.id === own)?.isActive).toBe(true);
    await close();
  });

  it('shows a wrong VAT number as the user leaves the field, before saving', async () => {
    const { page, close } = await app.newPage();
    const own = await companyId(ADMIN, 'Muster Datenschutz GmbH');
    await signIn(page, app.server.url, ADMIN, { to: `/administration/companies/${own}` });
    await page.getByRole('heading', { name: 'Muster Datenschutz GmbH', level: 1 }).waitFor();
    const vat = field(page, tr('companiesAdmin.field.vatNumber'));
    const error = page.getByText(tr('companiesAdmin.validation.vatNumber'));
    // The pattern fits, the check digit does not (13669597 → 6).
    await vat.fill('DE136695977');
    expect(await error.count()).toBe(0);
    await vat.press('Tab');
    await error.waitFor();
    expect(await vat.getAttribute('aria-invalid')).toBe('true');
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'admin-companies-vat-error-desktop');
    await vat.fill('de 136 695 976');
    await vat.press('Tab');
    await error.waitFor({ state: 'detached' });
    await close();
  });

  it('an agency creates a demo company that shows its reset countdown', async () => {
    const { page, errors, close } = await app.newPage();
    await signIn(page, app.server.url, ADMIN, { to: `/administration/companies` });
    await page.getByRole('button', { name: tr('companiesAdmin.demo.create') }).click();
    const dialog = page.getByRole('dialog', { name: tr('companiesAdmin.demo.confirmTitle') });
    await dialog.getByRole('button', { name: tr('companiesAdmin.demo.create') }).click();
    await page.getByText(/Demo-Unternehmen „Demo Unternehmen \(\d\d\.\d\d\.\d{4}\)“ angelegt\./).waitFor({ timeout: 30_000 });
    await expect.poll(() => page.url()).toMatch(UUID);
    const countdown = page.locator('main').getByText(/^Demo – Zurücksetzung in (7 Tagen und 0 Stunden|6 Tagen und 23 Stunden)$/);
    await countdown.first().waitFor();
    // Red: MUI's error colour.
    // Painted on a canvas to get sRGB whatever notation the browser reports.
    const rgb = () =>
      countdown.first().evaluate((el) => {
        const ctx = document.createElement('canvas').getContext('2d')!;
        ctx.fillStyle = getComputedStyle(el).color;
        ctx.fillRect(0, 0, 1, 1);
        return [...ctx.getImageData(0, 0, 1, 1).data.slice(0, 3)];
      });
    await expect
      .poll(async () => {
        const [red = 0, green = 255, blue = 255] = await rgb();
        return red > 150 && Math.max(green, blue) < 80;
      })
      .toBe(true);
    await settled(page);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'admin-companies-demo-desktop');

    // The seeded demo company as scope: the countdown stands under the scope name too.
    await page.getByRole('button', { name: /Unternehmen wählen/ }).click();
    const scope = page.getByRole('dialog', { name: 'Unternehmen wählen' });
    await scope.getByRole('button', { name: /^Demo Unternehmen GmbH/ }).click();
    await expect.poll(() => page.title()).toBe('Privacy Cockpit (Demo Unternehmen GmbH)');
    // The seeded demo company keeps its wizard open to be tried: the reminder comes first.
    await dismissReminderForGood(page);
    await page
      .locator('aside')
      .getByText(/^Demo – Zurücksetzung in \d Tag(en)? und \d+ Stunden?$/)
      .waitFor();
    await shot(page, 'admin-companies-demo-scope-desktop');
    expect(errors).toEqual([]);
    await close();
  });

  it('a reader sees the company read-only and the scope name as plain text', async () => {
    const id = await companyId(READER, 'Bäckerei Schmidt');
    const { page, errors, close } = await app.newPage();
    await signIn(page, app.server.url, READER);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    expect(await page.locator('aside a[href^="/administration/companies/"]').count()).toBe(0);

    await page.goto(`${app.server.url}/company/${id}`);
    await page.getByRole('heading', { name: 'Bäckerei Schmidt', level: 1 }).waitFor();
    await page.getByRole('heading', { name: tr('companiesAdmin.section.agent') }).waitFor();
    expect(await page.locator('main input, main textarea').count()).toBe(0);
    expect(await page.getByRole('link', { name: tr('companiesAdmin.edit') }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'admin-companies-view-reader-desktop');

    // The edit page needs Company.Write or Company.WriteOwn.
    await page.goto(`${app.server.url}/administration/companies/${id}`);
    await expect.poll(() => page.url()).toContain('/forbidden');
    expect(errors).toEqual([]);
    await close();
  });

  it('an administrator exports a company as ZIP and imports it as a new company', async () => {
    const { page, errors, close } = await app.newPage();
    const bakery = await companyId(ADMIN, 'Bäckerei Schmidt');
    await signIn(page, app.server.url, ADMIN, { to: `/company/${bakery}` });
    await page.getByRole('heading', { name: 'Bäckerei Schmidt', level: 1 }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: tr('companiesAdmin.archive.export') }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^Bäckerei Schmidt .*\.zip$/);
    const pieces: Buffer[] = [];
    for await (const piece of await download.createReadStream()) pieces.push(piece as Buffer);
    const archive = Buffer.concat(pieces);
    expect(archive.subarray(0, 2).toString()).toBe('PK');

    await page.goto(`${app.server.url}/administration/companies`);
    await page.getByRole('button', { name: tr('companiesAdmin.archive.import'), exact: true }).click();
    const dialog = page.getByRole('dialog', { name: tr('companiesAdmin.archive.importTitle') });
    await dialog.waitFor();
    const input = page.getByTestId('company-archive-input');
    // A file that is no archive: the server's reason, nothing created.
    await input.setInputFiles({ name: 'kaputt.zip', mimeType: 'application/zip', buffer: Buffer.from('kein Archiv') });
    await dialog.getByRole('button', { name: tr('companiesAdmin.archive.importSubmit'), exact: true }).click();
    await dialog
      .getByRole('alert')
      .getByText(/kein ZIP-Archiv/)
      .waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'admin-companies-import-error-desktop');
    const before = (await companies(ADMIN)).length;
    await input.setInputFiles({ name: 'baeckerei.zip', mimeType: 'application/zip', buffer: archive });
    // Into a group instead of as a client of the agency.
    await dialog.getByRole('combobox', { name: tr('companiesAdmin.archive.target') }).click();
    await page.getByRole('option', { name: tr('companiesAdmin.move.group', { name: GROUP }) }).click();
    await shot(page, 'admin-companies-import-desktop');
    await dialog.getByRole('button', { name: tr('companiesAdmin.archive.importSubmit'), exact: true }).click();
    await page.getByText(tr('companiesAdmin.archive.imported')).waitFor();
    await expect.poll(() => page.url()).toMatch(UUID);
    expect(UUID.exec(page.url())![1]).not.toBe(bakery);
    await page.getByRole('heading', { name: 'Bäckerei Schmidt', level: 1 }).waitFor();
    expect((await companies(ADMIN)).length).toBe(before + 1);
    const placed = (await companies(ADMIN)).filter((c) => c.name === 'Bäckerei Schmidt' && c.id !== bakery);
    expect(placed.map((c) => c.parentCompanyName)).toEqual([GROUP]);
    expect(errors).toEqual([]);
    await close();

    // The reader may not export: no button.
    const reader = await app.newPage();
    await signIn(reader.page, app.server.url, READER, { to: `/company/${bakery}` });
    await reader.page.getByRole('heading', { name: 'Bäckerei Schmidt', level: 1 }).waitFor();
    expect(await reader.page.getByRole('button', { name: tr('companiesAdmin.archive.export') }).count()).toBe(0);
    await reader.close();
  });

  for (const [name, size] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`fits the ${name} (${size.width}×${size.height})`, async () => {
      const { page, close } = await app.newPage(size);
      await signIn(page, app.server.url, ADMIN);
      await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
      const id = newId || (await companyId(ADMIN, GROUP));
      for (const [slug, url, heading] of [
        ['entry', '/administration', tr('section.administration')],
        ['grid', '/administration/companies', tr('section.companies')],
        ['edit', `/administration/companies/${id}`, null],
        ['view', `/company/${id}`, null],
      ] as const) {
        await page.goto(`${app.server.url}${url}`);
        if (heading) await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
        else await page.getByRole('heading', { name: tr('companiesAdmin.section.structure') }).waitFor();
        await page.waitForLoadState('networkidle');
        await fits(page, size.width);
        expect(await seriousViolations(page)).toEqual([]);
        await shot(page, `admin-companies-${slug}-${name}`);
        if (slug === 'edit') {
          await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
          await shot(page, `admin-companies-edit-bottom-${name}`);
        }
      }
      await close();
    });
  }
});
