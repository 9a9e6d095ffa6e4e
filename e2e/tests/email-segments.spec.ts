import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { getAdminToken, readCode, signInAdmin } from './helpers';

/**
 * Issue 36 "E-mail campaigns": staff narrow a campaign's list by genre and country in the new campaign
 * form, see the live number of recipients, are told (not clamped) when the day count is out of range,
 * and find the segment in words on the campaign page and in the send confirmation. English at 1366 px,
 * Arabic at 390 px; then the back-office top bar at 390 px in the five languages keeps the account
 * button on screen. Every attempt builds its own sender, template and list (a random suffix), so a
 * retry counts nothing the first attempt made.
 */
const SHOTS = '/work/notes/shots/email-segments';
const SLOW = Number(process.env.E2E_SLOW ?? 1);
mkdirSync(SHOTS, { recursive: true });
const MJML = `<mjml><mj-body><mj-section><mj-column>
<mj-text>Hello {{first_name | "there"}}, news for {{artist_name}}!</mj-text>
<mj-text><a href="{{unsubscribe_url}}">Unsubscribe</a></mj-text>
</mj-column></mj-section></mj-body></mjml>`;

/** A verified sender, a template and a list of five leads with genres and countries, through the API. */
async function setUp(request: APIRequestContext, s: string) {
  const headers = { Authorization: `Bearer ${await getAdminToken(request)}` };
  const post = async (path: string, data: unknown) => {
    const res = await request.post(path, { headers, data });
    expect(res.ok(), await res.text()).toBeTruthy();
    return ((await res.json()) as { data: Record<string, unknown> }).data;
  };
  const domain = await post('/api/admin/crm/sender-domains', { domain: `seg-${s}.liberty.test` });
  await post(`/api/sandbox/dns/publish/${domain.id}`, {});
  await post(`/api/admin/crm/sender-domains/${domain.id}/check`, {});
  const senderEmail = `news@seg-${s}.liberty.test`;
  const sender = await post('/api/admin/crm/senders', { email: senderEmail, name: `Segments ${s}` });
  const { code } = await readCode(request, senderEmail);
  await post(`/api/admin/crm/senders/${sender.id}/confirm`, { code });
  await post('/api/admin/crm/templates', { name: `Segments ${s}`, subject: `News ${s}`, mjml: MJML });
  const rows = [
    ['rock|indie', 'FR'],
    ['rock', 'FR'],
    ['rock', 'DE'],
    ['pop', 'FR'],
    ['jazz', 'TR'],
  ].map(([genres, country], i) => `fan${i}-${s}@example.com,Artist ${i},${genres},${country}`);
  await post('/api/admin/crm/imports', {
    csv: ['email,name,genres,Country', ...rows].join('\n'),
    mapping: { email: 'email', name: 'name', genres: 'genres' },
    list_name: `Segment fans ${s}`,
  });
}

/** Choose an option of a select; a multi-select's list is closed by a click on the editor's text. */
async function pick(page: Page, testId: string, option: RegExp | string) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option }).first().click();
  if (testId.startsWith('segment-')) await page.getByTestId('segment-count').click();
}

/** No horizontal scroll on the page. */
async function expectNoOverflow(page: Page) {
  const fits = await page.evaluate(
    () => document.documentElement.scrollWidth <= document.documentElement.clientWidth + 1,
  );
  expect(fits).toBe(true);
}

for (const run of [
  { lang: 'en' as const, width: 1366, height: 900, country: 'France (3)' },
  { lang: 'ar' as const, width: 390, height: 844, country: /فرنسا/ },
]) {
  test(`staff narrow a campaign by genre and country and see it in words (${run.lang}, ${run.width} px)`, async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000 * SLOW);
    const s = randomUUID().slice(0, 6);
    await setUp(request, s);
    await page.setViewportSize({ width: run.width, height: run.height });
    await signInAdmin(page, run.lang);
    await page.goto('/admin/marketing-campaigns');
    await page.getByTestId('campaign-new').click({ timeout: 60_000 * SLOW });
    const form = page.getByTestId('campaign-form');
    await expect(form).toBeVisible();
    await page.getByTestId('campaign-name').fill(`Rock in France ${s}`);
    await pick(page, 'campaign-list', new RegExp(`Segment fans ${s}`));
    await expect(page.getByTestId('segment-count-value')).toContainText(/5/);
    await pick(page, 'segment-genres', /^rock \(3\)$/);
    await pick(page, 'segment-countries', run.country);
    // rock ∩ France: fan0 and fan1.
    await expect(page.getByTestId('segment-count-value')).toContainText(
      run.lang === 'en' ? '2 recipients' : 'مستلمان',
    );
    // Out of range: told in the language, kept as typed, the draft cannot be created.
    const days = page.getByTestId('segment-engaged');
    await days.fill('4000');
    await expect(days).toHaveValue('4000');
    await expect(page.getByTestId('segment-editor')).toContainText(
      run.lang === 'en' ? 'Enter a whole number of days from 1 to 3650' : 'أدخل عددًا صحيحًا من الأيام',
    );
    await pick(page, 'campaign-template', `Segments ${s}`);
    await pick(page, 'campaign-sender', new RegExp(`Segments ${s}`));
    await expect(page.getByTestId('campaign-create')).toBeDisabled();
    await page.screenshot({ path: `${SHOTS}/form-error-${run.lang}.png` });
    await days.fill('');
    await expect(page.getByTestId('campaign-create')).toBeEnabled();
    await expectNoOverflow(page);
    await page.screenshot({ path: `${SHOTS}/form-${run.lang}.png`, fullPage: true });
    await page.getByTestId('campaign-create').click();

    await expect(page.getByTestId('campaign-page')).toBeVisible();
    const words = run.lang === 'en' ? 'Segment: genre rock and country France' : 'فرنسا';
    await expect(page.getByTestId('campaign-segment')).toContainText(words);
    await expectNoOverflow(page);
    await page.screenshot({ path: `${SHOTS}/campaign-${run.lang}.png`, fullPage: true });
    await page.getByTestId('campaign-start').click();
    await expect(page.getByTestId('campaign-send-segment')).toContainText(words);
    await expect(page.getByTestId('campaign-send-confirm-yes')).toContainText(
      run.lang === 'en' ? 'Send to 2 recipients' : 'مستلمَين اثنين',
    );
    await page.screenshot({ path: `${SHOTS}/confirm-${run.lang}.png` });
    // Not sent: the journey only reads the confirmation.
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('campaign-send-confirm')).toBeHidden();
  });
}

test('the back-office top bar keeps the account button on a 390 px screen in every language', async ({
  page,
}) => {
  test.setTimeout(120_000 * SLOW);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAdmin(page, 'en');
  for (const lang of ['en', 'fr', 'de', 'ar', 'tr']) {
    await page.evaluate((l) => localStorage.setItem('APP_LANG', l), lang);
    await page.goto('/admin/marketing-campaigns');
    await expect(page.locator('html')).toHaveAttribute('lang', lang, { timeout: 60_000 * SLOW });
    const button = page.getByTestId('user-menu');
    await expect(button).toBeVisible();
    const box = await button.boundingBox();
    expect(box, lang).not.toBeNull();
    expect(box!.x, lang).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width, lang).toBeLessThanOrEqual(390);
    await expectNoOverflow(page);
    await page.screenshot({
      path: `${SHOTS}/topbar-${lang}.png`,
      clip: { x: 0, y: 0, width: 390, height: 80 },
    });
  }
});
