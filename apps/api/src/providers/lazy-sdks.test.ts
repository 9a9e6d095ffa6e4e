import { spawnSync } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../config/env';
import { createStorage } from '../modules/files/storage';

/** apps/api (src/providers -> ../..). */
const API_DIR = path.resolve(import.meta.dirname, '../..');

/**
 * In a fresh Node process (tsx), build the real Stripe, PayPal and S3 clients' providers and report
 * which of their SDKs were loaded before and after one Stripe call (module loads seen by a hook).
 */
const PROBE = `
import { registerHooks } from 'node:module';
const loaded = [];
registerHooks({ load(url, context, nextLoad) { loaded.push(url); return nextLoad(url, context); } });
const SDKS = ['/node_modules/stripe/', '/node_modules/@paypal/paypal-server-sdk/', '/node_modules/@aws-sdk/client-s3/'];
const sdks = () => SDKS.filter((p) => loaded.some((u) => u.includes(p)));
const { createStripeProvider } = await import('./src/providers/payments/stripe.ts');
const { createPayPalProvider } = await import('./src/providers/payments/paypal.ts');
const { createStorage } = await import('./src/modules/files/storage.ts');
const stripe = createStripeProvider('sk_test_x', 'whsec_x');
createPayPalProvider({ clientId: 'a', clientSecret: 'b', webhookId: 'c', environment: 'sandbox' });
createStorage({ STORAGE_DRIVER: 's3', S3_REGION: 'eu-west-1', S3_BUCKET: 'b' });
const created = sdks();
const refused = await stripe.verifyWebhook(Buffer.from('{}'), 't=1,v1=00').then(() => false, () => true);
console.log(JSON.stringify({ created, refused, afterCall: sdks() }));
`;

describe('payment and storage SDKs load on first use (memory)', () => {
  it('creating the real Stripe, PayPal and S3 providers loads none of their SDKs; the first call loads its own', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', PROBE], {
      cwd: API_DIR,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.stderr).toBe('');
    const result = JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '{}') as {
      created: string[];
      refused: boolean;
      afterCall: string[];
    };
    expect(result).toEqual({ created: [], refused: true, afterCall: ['/node_modules/stripe/'] });
  });
});

describe('S3 storage, client created on first use', () => {
  const objects = new Map<string, { body: Buffer; type: string | undefined }>();
  const requests: string[] = [];
  let server: http.Server;
  let endpoint = '';

  beforeAll(async () => {
    // A minimal path-style S3 endpoint: PUT stores, GET answers the bytes or S3's NoSuchKey.
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const key = new URL(req.url ?? '/', 'http://s3').pathname;
        requests.push(`${req.method} ${key}`);
        if (req.method === 'PUT') {
          objects.set(key, { body: Buffer.concat(chunks), type: req.headers['content-type'] });
          res.writeHead(200, { etag: '"e"' }).end();
        } else if (req.method === 'GET' && objects.has(key)) {
          const object = objects.get(key)!;
          res.writeHead(200, { 'content-type': object.type ?? 'application/octet-stream' }).end(object.body);
        } else {
          res
            .writeHead(404, { 'content-type': 'application/xml' })
            .end('<?xml version="1.0"?><Error><Code>NoSuchKey</Code><Message>none</Message></Error>');
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('stores and reads an object on its first calls, and answers null for a missing key', async () => {
    const storage = createStorage({
      STORAGE_DRIVER: 's3',
      S3_REGION: 'eu-west-1',
      S3_BUCKET: 'media',
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: 'AKIDEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_PUBLIC_URL: 'https://cdn.example.test',
    } as Config);
    // No client is needed for a URL, and none was contacted.
    expect(storage.url('covers/a.png')).toBe('https://cdn.example.test/covers/a.png');
    expect(requests).toEqual([]);

    // Concurrent first calls share one lazily created client.
    await Promise.all([
      storage.put('covers/a.png', Buffer.from('png-bytes'), 'image/png'),
      storage.put('covers/b.png', Buffer.from('other'), 'image/png'),
    ]);
    expect(objects.get('/media/covers/a.png')).toEqual({ body: Buffer.from('png-bytes'), type: 'image/png' });
    const stream = await storage.read('covers/a.png');
    expect(stream && (await text(stream))).toBe('png-bytes');
    expect(await storage.read('covers/missing.png')).toBeNull();
  });
});
