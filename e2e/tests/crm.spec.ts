import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { getAdminToken, readCode, signInAdmin, waitForMail } from './helpers';

const SHOTS = '/work/notes/shots/crm';
/** Multiplies the waits below on a machine busy with other work (as E2E_SLOW does in the config). */
const SLOW = Number(process.env.E2E_SLOW ?? 1);
mkdirSync(SHOTS, { recursive: true });

test('staff import leads, verify a sender and its domain, design a template, send a campaign and see opens and clicks move (English, then Arabic)', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000 * SLOW);
  const s = randomUUID().slice(0, 6);
  const domain = `news-${s}.liberty.test`;
  const senderEmail = `hello@${domain}`;
  await signInAdmin(page, 'en');

  // A CSV with a bad row: imported, and the refused row reported with its line.
  await page.goto('/admin/crm/leads-lists');
  await page.getByTestId('crm-import-open').click();
  await page.getByTestId('import-file').click();
  const csv = `Artist,E-mail,First\nNova ${s},nova-${s}@example.com,Ann\nBroken,not-an-address,\nLuna ${s},luna-${s}@example.com,Lou\n`;
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'leads.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByTestId('import-mapping')).toBeVisible();
  await page.getByTestId('import-list-name').fill(`Launch ${s}`);
  await page.getByTestId('import-submit').click();
  await expect(page.getByTestId('import-report')).toContainText('2 new');
  await expect(page.getByTestId('import-refused')).toContainText('Not a valid e-mail address');
  await page.screenshot({ path: `${SHOTS}/01-import-report-en.png` });
  await page.getByTestId('import-close').click();

  // The sender ID: records shown, published in the sandbox DNS, checked: verified.
  await page.goto('/admin/crm/senders-id');
  await page.getByTestId('domain-input').fill(domain);
  await page.getByTestId('domain-add').click();
  const card = page.getByTestId('sender-domain').filter({ hasText: domain });
  await card.getByTestId('domain-publish-sandbox').click();
  await card.getByTestId('domain-check').click();
  await expect(card.getByTestId('domain-status')).toHaveText('Verified');
  await page.screenshot({ path: `${SHOTS}/02-sender-id-en.png`, fullPage: true });

  // The sender, confirmed with the code from the dev mailbox.
  await page.goto('/admin/crm/senders');
  await page.getByTestId('sender-new').click();
  await page.getByTestId('sender-email').fill(senderEmail);
  await page.getByTestId('sender-name').fill('Liberty News');
  await page.getByTestId('sender-add').click();
  const { code } = await readCode(request, senderEmail);
  await page.getByTestId('sender-code').locator('input').first().click();
  await page.keyboard.type(code);
  await page.getByTestId('sender-confirm-submit').click();
  const senderRow = page.getByTestId('sender-row').filter({ hasText: senderEmail });
  await expect(senderRow.getByTestId('sender-status')).toHaveText('Confirmed');
  await page.screenshot({ path: `${SHOTS}/03-senders-en.png` });

  // The designer: GrapesJS with MJML loads (offline); a Divider block is dragged from the blocks panel
  // onto the canvas (a real drag and drop), and the saved design holds it.
  // Everything the editor needs comes from the product: no request leaves it, and the
  // toolbar's icons are drawn with the bundled Font Awesome (not blank squares).
  const offsite: string[] = [];
  const watchOffsite = (r: { url(): string }) => {
    const url = new URL(r.url());
    if (url.protocol.startsWith('http') && url.host !== new URL(page.url()).host) offsite.push(r.url());
  };
  page.on('request', watchOffsite);
  await page.goto('/admin/crm/template-design/editor');
  await expect(page.locator('.gjs-frame')).toBeVisible({ timeout: 60_000 * SLOW });
  const toolbarIcon = page.locator('.gjs-pn-btn.fa').first();
  await expect(toolbarIcon).toBeVisible();
  expect(
    await toolbarIcon.evaluate((el) => getComputedStyle(el, '::before').fontFamily.replaceAll('"', '')),
  ).toContain('FontAwesome');
  await expect
    .poll(() =>
      page.evaluate(() =>
        [...document.fonts].some(
          (f) => f.family.replaceAll('"', '') === 'FontAwesome' && f.status === 'loaded',
        ),
      ),
    )
    .toBe(true);
  const canvas = page.frameLocator('.gjs-frame');
  await expect(canvas.getByText('We listened to')).toBeVisible({ timeout: 30_000 * SLOW });
  await page.locator('.gjs-pn-btn[title="Open Blocks"]').click();
  const divider = page.locator('.gjs-block').filter({ hasText: /^\s*Divider\s*$/ });
  await expect(divider).toBeVisible();
  const dividers = canvas.locator('[data-gjs-type="mj-divider"]');
  await expect(dividers).toHaveCount(0);
  // A real pointer drag (press on the block, move over the canvas in steps, release under the text):
  // GrapesJS places the block from the drag-over positions, which a one-step dragTo does not give it.
  const from = (await divider.boundingBox())!;
  const to = (await canvas.getByText('We listened to').boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x + to.width / 2, to.y + 5, { steps: 20 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height - 3, { steps: 10 });
  await page.mouse.up();
  await expect(dividers).toHaveCount(1, { timeout: 10_000 * SLOW });
  page.off('request', watchOffsite);
  expect(offsite).toEqual([]);
  await page.getByTestId('template-name').fill(`Welcome ${s}`);
  await page.getByTestId('template-subject').fill('Hello {{first_name}}');
  await page.getByTestId('editor-save').click();
  await expect(page).toHaveURL(/\/crm\/template-design\/editor\/edit\?id=\d+/);
  const templateId = Number(new URL(page.url()).searchParams.get('id'));
  const saved = await request.get(`/api/admin/crm/templates/${templateId}`, {
    headers: { Authorization: `Bearer ${await getAdminToken(request)}` },
  });
  expect(((await saved.json()) as { data: { mjml: string } }).data.mjml).toContain('<mj-divider');
  await page.screenshot({ path: `${SHOTS}/04-editor-en.png` });
  // The "saved" toast sits over the toolbar for 5 s.
  // The editor reloads the saved design under its new URL: preview is enabled once the canvas is ready.
  await expect(page.getByTestId('editor-preview')).toBeEnabled({ timeout: 60_000 * SLOW });
  await page.getByTestId('editor-preview').dispatchEvent('click');
  await expect(page.getByTestId('template-preview')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/05-preview-en.png` });
  await page.keyboard.press('Escape');

  // The campaign: created, sent now; the counts move as the batch job sends.
  await page.goto('/admin/marketing-campaigns');
  await page.getByTestId('campaign-new').click();
  await page.getByTestId('campaign-name').fill(`Launch ${s}`);
  for (const [field, text] of [
    ['campaign-list', `Launch ${s}`],
    ['campaign-template', `Welcome ${s}`],
    ['campaign-sender', senderEmail],
  ] as const) {
    await page.getByTestId(field).click();
    await page.getByRole('option', { name: new RegExp(text.replace(/[.]/g, '\\.')) }).click();
  }
  await page.getByTestId('campaign-create').click();
  await expect(page).toHaveURL(/\/marketing-campaign\/\d+/);
  await page.getByTestId('campaign-start').click();
  // "Send now" asks first, with the number of recipients; every row has a first name,
  // and the starter template gives {{first_name}} a fallback: no warning.
  await expect(page.getByTestId('campaign-send-count')).toContainText('to 2 recipients');
  await expect(page.getByTestId('campaign-empty-tag')).toHaveCount(0);
  await expect(page.getByTestId('campaign-status')).toHaveText('Draft');
  await page.screenshot({ path: `${SHOTS}/05b-send-confirm-en.png` });
  await page.getByTestId('campaign-send-confirm-yes').click();
  // Sent now: Sending, then Sent; never "Scheduled".
  await expect(page.getByTestId('campaign-status')).toHaveText(/^(Sending|Sent)$/);
  await expect(page.getByText(/scheduled for/i)).toHaveCount(0);
  await expect(page.getByTestId('count-sent')).toContainText('2', { timeout: 60_000 * SLOW });
  await expect(page.getByTestId('campaign-status')).toHaveText('Sent', { timeout: 30_000 * SLOW });
  // What the mail transport accepted is delivered (the sandbox outbox is the mailbox).
  await expect(page.getByTestId('count-delivered')).toContainText('2');

  // The recipient opens the mail (the pixel) and clicks its button (a signed redirect).
  await waitForMail(request, `nova-${s}@example.com`, /Hello Ann/);
  const token = await getAdminToken(request);
  const box = await request.get('/api/admin/dev/mailbox?page=1&limit=100', {
    headers: { Authorization: `Bearer ${token}` },
  });
  const mail = ((await box.json()) as { data: { to: string; html: string | null }[] }).data.find(
    (m) => m.to === `nova-${s}@example.com`,
  )!;
  const pixel = /src="([^"]+\/api\/crm\/o\/[^"]+)"/.exec(mail.html!)![1]!;
  const click = /href="([^"]+\/api\/crm\/c\/[^"]+)"/.exec(mail.html!)![1]!.replaceAll('&amp;', '&');
  expect((await request.get(new URL(pixel).pathname)).ok()).toBeTruthy();
  const redirect = await request.get(`${new URL(click).pathname}${new URL(click).search}`, {
    maxRedirects: 0,
  });
  expect(redirect.status()).toBe(302);
  await expect(page.getByTestId('count-opened')).toContainText('1', { timeout: 20_000 * SLOW });
  await expect(page.getByTestId('count-clicked')).toContainText('1');
  await page.screenshot({ path: `${SHOTS}/06-campaign-en.png`, fullPage: true });
  const campaignUrl = page.url();

  // Arabic: the same campaign page, right to left, in Arabic.
  await page.evaluate(() => localStorage.setItem('APP_LANG', 'ar'));
  await page.goto(campaignUrl);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('count-clicked')).toContainText('المنقور عليها');
  await page.screenshot({ path: `${SHOTS}/07-campaign-ar.png`, fullPage: true });
  await page.goto('/admin/crm/leads-lists');
  await expect(page.getByText('قوائم العملاء المحتملين').first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/08-leads-lists-ar.png`, fullPage: true });
});
