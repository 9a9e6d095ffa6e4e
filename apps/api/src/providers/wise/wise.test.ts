import { generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/env';
import type { Database } from '../../db/client';
import { type RecordedAnswer, replayFetch } from '../../test/replay-fetch';
import { WiseApiError, WiseSignatureError } from './contract';
import { createWiseProviderFromConfig } from './index';
import accountCreated from './recorded/account-created.json' with { type: 'json' };
import accountInvalid from './recorded/account-invalid.json' with { type: 'json' };
import requirements from './recorded/account-requirements.json' with { type: 'json' };
import unauthorized from './recorded/error-unauthorized.json' with { type: 'json' };
import fundCompleted from './recorded/fund-completed.json' with { type: 'json' };
import fundRejected from './recorded/fund-rejected.json' with { type: 'json' };
import quoteCreated from './recorded/quote-created.json' with { type: 'json' };
import transferCreated from './recorded/transfer-created.json' with { type: 'json' };
import transferProcessing from './recorded/transfer-processing.json' with { type: 'json' };
import stateChange from './recorded/webhook-state-change.json' with { type: 'json' };
import { createWiseProvider, WISE_HOSTS } from './wise';

const HOST = WISE_HOSTS.sandbox;
const PROFILE = '24604';
const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const PUBLIC_PEM = publicKey.export({ type: 'spki', format: 'pem' }).toString();

/** A fetch replaying recorded answers of Wise's documented endpoints, keyed by `METHOD path`. */
function replay(routes: Record<string, RecordedAnswer>) {
  const { fetchImpl, requests } = replayFetch(routes, {
    keyOf: (req) => `${req.method} ${req.url.pathname}`,
    notRecorded: { status: 404, body: { error: 'not recorded' } },
  });
  const provider = createWiseProvider({
    apiToken: 'recorded-token',
    profileId: PROFILE,
    environment: 'sandbox',
    webhookPublicKey: PUBLIC_PEM,
    fetchImpl,
  });
  return { provider, requests };
}

describe('Wise REST client (recorded documented responses)', () => {
  it('creates a quote on the profile and reads the balance-funded payment option', async () => {
    const { provider, requests } = replay({
      [`POST /v3/profiles/${PROFILE}/quotes`]: { status: 200, body: quoteCreated },
    });
    const quote = await provider.createQuote({
      sourceCurrency: 'GBP',
      targetCurrency: 'EUR',
      sourceAmountMinor: 80_000,
      recipientId: '40000000',
    });
    expect(quote).toEqual({
      id: '11144c35-9fe8-4c32-b7fd-d05c2a7734bf',
      sourceCurrency: 'GBP',
      targetCurrency: 'EUR',
      sourceAmountMinor: 80_000,
      targetAmountMinor: 93_222,
      feeMinor: 304,
      rate: 1.16973,
      expiresAt: new Date('2026-11-21T16:30:00Z'),
    });
    expect(requests[0]!.url.origin).toBe(HOST);
    expect(requests[0]!.headers.get('authorization')).toBe('Bearer recorded-token');
    expect(JSON.parse(requests[0]!.body)).toMatchObject({
      sourceAmount: 800,
      targetAccount: 40000000,
      payOut: 'BANK_TRANSFER',
    });
  });

  it('reads account requirements of a quote into fields', async () => {
    const { provider, requests } = replay({
      [`POST /v3/profiles/${PROFILE}/quotes`]: { status: 200, body: quoteCreated },
      [`GET /v1/quotes/${quoteCreated.id}/account-requirements`]: { status: 200, body: requirements },
    });
    const types = await provider.accountRequirements({
      target: 'GBP',
      country: 'GB',
      sourceAmountMinor: 10_000,
    });
    expect(types.map((t) => t.type)).toEqual(['sort_code', 'iban']);
    const sortCode = types[0]!.fields.find((f) => f.key === 'sortCode')!;
    expect(sortCode).toMatchObject({
      name: 'UK sort code',
      required: true,
      pattern: '^[0-9]{2}-?[0-9]{2}-?[0-9]{2}$',
      minLength: 6,
    });
    const legal = types[0]!.fields.find((f) => f.key === 'legalType')!;
    expect(legal.type).toBe('select');
    expect(legal.values.map((v) => v.key)).toEqual(['PRIVATE', 'BUSINESS']);
    expect(requests.map((r) => `${r.method} ${r.url.pathname}`)).toEqual([
      `POST /v3/profiles/${PROFILE}/quotes`,
      `GET /v1/quotes/${quoteCreated.id}/account-requirements`,
    ]);
  });

  it('creates a recipient, and answers Wise field errors by field', async () => {
    const ok = replay({ 'POST /v1/accounts': { status: 200, body: accountCreated } });
    const created = await ok.provider.createRecipient({
      currency: 'GBP',
      country: 'GB',
      type: 'sort_code',
      accountHolderName: 'Casey Curator',
      details: { sortCode: '40-30-20', accountNumber: '12345678' },
    });
    expect(created).toEqual({ id: '40000000' });
    expect(JSON.parse(ok.requests[0]!.body)).toMatchObject({
      profile: 24604,
      details: { legalType: 'PRIVATE', sortCode: '40-30-20' },
    });
    const bad = replay({ 'POST /v1/accounts': { status: 422, body: accountInvalid } });
    const err = await bad.provider
      .createRecipient({
        currency: 'GBP',
        country: 'GB',
        type: 'sort_code',
        accountHolderName: 'X',
        details: {},
      })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WiseApiError);
    expect((err as WiseApiError).fields).toEqual({ sortCode: 'Please specify a valid sort code.' });
    expect((err as WiseApiError).permanent).toBe(true);
  });

  it('creates a transfer with customerTransactionId, reads it, funds it from the balance', async () => {
    const id = String(transferCreated.id);
    const { provider, requests } = replay({
      'POST /v1/transfers': { status: 200, body: transferCreated },
      [`GET /v1/transfers/${id}`]: { status: 200, body: transferProcessing },
      [`POST /v3/profiles/${PROFILE}/transfers/${id}/payments`]: { status: 201, body: fundCompleted },
    });
    const transfer = await provider.createTransfer({
      quoteId: quoteCreated.id,
      recipientId: '40000000',
      customerTransactionId: 'bd244a95-dcf8-4c31-aac8-bf5e2f3e54c0',
      reference: 'Liberty payout 1',
    });
    expect(transfer).toEqual({
      id,
      status: 'incoming_payment_waiting',
      customerTransactionId: 'bd244a95-dcf8-4c31-aac8-bf5e2f3e54c0',
    });
    expect(JSON.parse(requests[0]!.body)).toEqual({
      targetAccount: 40000000,
      quoteUuid: quoteCreated.id,
      customerTransactionId: 'bd244a95-dcf8-4c31-aac8-bf5e2f3e54c0',
      details: { reference: 'Liberty payout 1' },
    });
    expect((await provider.getTransfer(id)).status).toBe('processing');
    expect(await provider.fundTransfer(id)).toEqual({
      status: 'COMPLETED',
      errorCode: null,
      balanceTransactionId: '2009',
    });
    expect(JSON.parse(requests.at(-1)!.body)).toEqual({ type: 'BALANCE' });
  });

  it('reports a refused funding and an unauthorised token', async () => {
    const { provider } = replay({
      'POST /v3/profiles/24604/transfers/1/payments': { status: 200, body: fundRejected },
      'GET /v1/transfers/2': { status: 401, body: unauthorized },
    });
    expect(await provider.fundTransfer('1')).toMatchObject({
      status: 'REJECTED',
      errorCode: 'transfer.insufficient_funds',
    });
    const err = (await provider.getTransfer('2').catch((e: unknown) => e)) as WiseApiError;
    expect(err).toBeInstanceOf(WiseApiError);
    expect([err.status, err.code]).toEqual([401, 'invalid_token']);
  });

  it('verifies X-Signature-SHA256 (RSA-SHA256) and reads transfers#state-change', () => {
    const { provider } = replay({});
    const raw = JSON.stringify(stateChange);
    const signature = sign('RSA-SHA256', Buffer.from(raw), privateKey).toString('base64');
    const event = provider.verifyWebhook(raw, { 'x-signature-sha256': signature, 'x-delivery-id': 'a1' });
    expect(event).toEqual({
      deliveryId: '16521632:outgoing_payment_sent:2026-11-21T16:05:56.789Z',
      transferId: '16521632',
      currentState: 'outgoing_payment_sent',
      previousState: 'funds_converted',
      occurredAt: new Date('2026-11-21T16:05:56.789Z'),
    });
    // A redelivery (new X-Delivery-Id) is the same event.
    expect(
      provider.verifyWebhook(raw, { 'x-signature-sha256': signature, 'x-delivery-id': 'b2' })!.deliveryId,
    ).toBe(event!.deliveryId);
    expect(() => provider.verifyWebhook(`${raw} `, { 'x-signature-sha256': signature })).toThrow(
      WiseSignatureError,
    );
    expect(() => provider.verifyWebhook(raw, {})).toThrow(WiseSignatureError);
    const test = sign('RSA-SHA256', Buffer.from('{}'), privateKey).toString('base64');
    expect(
      provider.verifyWebhook('{}', { 'x-signature-sha256': test, 'x-test-notification': 'true' }),
    ).toBeNull();
  });
});

describe('choosing the Wise provider', () => {
  const database = {} as Database;
  it('uses the sandbox by default and refuses it in production', () => {
    expect(createWiseProviderFromConfig(loadConfig({ NODE_ENV: 'test' }), database).name).toBe('sandbox');
    const dev = loadConfig({ NODE_ENV: 'test' });
    expect(() => createWiseProviderFromConfig({ ...dev, NODE_ENV: 'production' }, database)).toThrow(
      /production never runs on sandbox providers.*Wise/,
    );
  });

  it('uses the REST API when configured, and refuses half a configuration', () => {
    const full = loadConfig({
      NODE_ENV: 'test',
      WISE_API_TOKEN: 't',
      WISE_PROFILE_ID: '1',
      WISE_WEBHOOK_PUBLIC_KEY: PUBLIC_PEM.replace(/\n/g, '\\n'),
    });
    expect(createWiseProviderFromConfig(full, database).name).toBe('wise');
    expect(() =>
      createWiseProviderFromConfig(loadConfig({ NODE_ENV: 'test', WISE_API_TOKEN: 't' }), database),
    ).toThrow(/WISE_PROFILE_ID/);
  });
});
