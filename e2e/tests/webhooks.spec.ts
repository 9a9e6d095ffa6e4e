import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { shotWithoutOverflow, signInAs } from './helpers';

const ROOT = join(import.meta.dirname, '..', '..');
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots';
type Catalog = { webhooks: { add: string; send_test: string; status: { succeeded: string } } };
const ui = (language: 'en' | 'ar') =>
  JSON.parse(readFileSync(join(ROOT, 'packages/ui/src/i18n/locales', `${language}.json`), 'utf8')) as Catalog;

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * The open platform as an integrating artist meets it (issue 34 "Done when"): the demo artist creates
 * an API key (shown once), adds a webhook endpoint pointing to a receiver this test starts, reveals its
 * signing secret, sends the test event and sees it delivered in the log with the receiver's answer
 * (200); the key then reads the endpoints and the wallet, is refused a write outside its scopes, and
 * answers 401 once revoked. In English on a desktop and in Arabic on a 390 px phone.
 */
test('an artist creates an API key and a webhook endpoint, sends the test event and sees it in the delivery log (en 1366, ar 390)', async ({
  page,
  request,
}) => {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body });
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  try {
    for (const [language, width] of [
      ['en', 1366],
      ['ar', 390],
    ] as const) {
      const texts = ui(language).webhooks;
      const url = `http://127.0.0.1:${port}/hooks/${language}-${Date.now()}`;
      await page.setViewportSize({ width, height: width < 500 ? 844 : 860 });
      await signInAs(page, 'artist@demo.test', language, { timeout: 30_000 });
      await page.goto('/account/webhooks');
      await expect(page.getByTestId('webhooks-page')).toBeVisible();
      if (language === 'ar') await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

      // An API key for the integration: webhooks and wallet, shown once.
      await page.goto('/account/api-keys');
      await expect(page.getByTestId('api-keys-page')).toBeVisible();
      const keyName = `Integration ${language} ${Date.now()}`;
      await page.getByTestId('api-key-name').fill(keyName);
      await page.getByTestId('api-key-scope-webhooks_manage').check();
      await page.getByTestId('api-key-scope-wallet_read').check();
      await page.getByTestId('api-key-create').click();
      const secret = (await page.getByTestId('api-key-secret-value').textContent())?.trim() ?? '';
      expect(secret).toMatch(/^lm_test_[A-Za-z0-9]{8}_[A-Za-z0-9_-]{43}$/);
      // The dialog's opening transition ends before the picture.
      await page
        .getByTestId('api-key-secret')
        .evaluate((el) => Promise.allSettled(el.ownerDocument.getAnimations().map((a) => a.finished)));
      await shotWithoutOverflow(page, SHOTS, `api-key-secret-${language}-${width}`);
      await page.getByTestId('api-key-done').click();
      // A table row on a desktop, a card on a phone.
      const keyRow = page
        .getByTestId('api-keys-table')
        .locator(width < 500 ? '[data-testid="list-card"]' : 'tr')
        .filter({ hasText: keyName });
      await expect(keyRow).toBeVisible();
      await expect(page.getByTestId('api-keys-table')).not.toContainText(secret);
      const withKey = { authorization: `Bearer ${secret}` };

      await page.goto('/account/webhooks');
      await expect(page.getByTestId('webhooks-page')).toBeVisible();
      await page.getByTestId('webhook-add').click();
      await page.getByTestId('webhook-url').fill(url);
      await page.getByTestId('webhook-events').getByLabel('campaign.created').check();
      await page.getByTestId('webhook-events').getByLabel('campaign.status_changed').check();
      await shotWithoutOverflow(page, SHOTS, `webhooks-form-${language}-${width}`);
      await page.getByTestId('webhook-save').click();

      const card = page.getByTestId('webhook-endpoint').filter({ hasText: url });
      await expect(card).toBeVisible();
      await card.getByTestId('webhook-reveal').click();
      await expect(card.getByTestId('webhook-secret')).toHaveText(/^whsec_[A-Za-z0-9+/=]{32}$/);

      await card.getByTestId('webhook-test').click();
      const row = card.getByTestId('webhook-delivery').first();
      await expect(row).toContainText('webhook.test');
      await expect(row.getByTestId('webhook-delivery-status')).toHaveText(texts.status.succeeded, {
        timeout: 30_000,
      });
      await expect(row.getByTestId('webhook-delivery-response')).toHaveText('200');
      const hit = received.find((r) => url.endsWith(r.path));
      expect(hit, 'the receiver got the test event').toBeDefined();
      expect(JSON.parse(hit!.body)).toMatchObject({ type: 'webhook.test' });
      expect(hit!.headers['webhook-id']).toMatch(/^msg_/);
      expect(hit!.headers['webhook-signature']).toMatch(/^v1,/);
      await row.scrollIntoViewIfNeeded();
      await shotWithoutOverflow(page, SHOTS, `webhooks-log-${language}-${width}`);

      // The key at work: it reads the endpoints and the wallet, not a write outside its scopes.
      const endpoints = await request.get('/api/user/webhooks', { headers: withKey });
      expect(endpoints.status()).toBe(200);
      expect(JSON.stringify(await endpoints.json())).toContain(url);
      expect((await request.get('/api/wallet/user/transaction', { headers: withKey })).status()).toBe(200);
      expect((await request.post('/api/express/campaigns/1/withdraw', { headers: withKey })).status()).toBe(
        403,
      );

      // Revoked, it answers 401.
      await page.goto('/account/api-keys');
      await keyRow.getByTestId('api-key-revoke').click();
      await page
        .getByRole('dialog')
        .getByRole('button', { name: language === 'ar' ? 'إلغاء' : 'Revoke' })
        .last()
        .click();
      await expect(keyRow.getByTestId('api-key-status')).toHaveText(language === 'ar' ? 'ملغى' : 'Revoked');
      expect((await request.get('/api/user/webhooks', { headers: withKey })).status()).toBe(401);
    }
  } finally {
    server.close();
  }
});
