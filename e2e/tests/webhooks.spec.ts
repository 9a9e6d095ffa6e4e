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
 * Webhooks (issue 34): the demo artist adds an endpoint pointing to a receiver this test starts,
 * reveals its signing secret, sends the test event and sees it delivered in the log with the
 * receiver's answer (200); in English on a desktop and in Arabic on a 390 px phone.
 */
test('an artist adds a webhook endpoint, sends the test event and sees it in the delivery log (en 1366, ar 390)', async ({
  page,
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
    }
  } finally {
    server.close();
  }
});
