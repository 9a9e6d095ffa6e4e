import { generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InboundMailProvider } from '../../providers/modes';
import { inboundMailMode } from '../../providers/modes';
import { createTestApp, type TestContext } from '../../test/harness';
import { PNG } from '../../test/uploads';
import { mailgunSignature, SENDGRID_SIGNATURE_HEADER, SENDGRID_TIMESTAMP_HEADER } from './inbound-providers';
import { signInbound } from './tickets.inbound';
import { inboundSecret } from './tickets.inbound-address';

const POSTMARK_AUTH = 'postmark:inbound-basic-auth-password';
const MAILGUN_KEY = 'key-mailgun-signing-0123456789abcdef';
const sendgridKeys = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
const otherKeys = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });

let ctx: TestContext;
let superToken: string;
beforeAll(async () => {
  ctx = await createTestApp({
    env: {
      INBOUND_POSTMARK_BASIC_AUTH: POSTMARK_AUTH,
      INBOUND_MAILGUN_SIGNING_KEY: MAILGUN_KEY,
      INBOUND_SENDGRID_PUBLIC_KEY: sendgridKeys.publicKey
        .export({ type: 'spki', format: 'der' })
        .toString('base64'),
    },
  });
  superToken = await ctx.loginAdmin((await ctx.makeAdmin()).email);
});
afterAll(async () => {
  await ctx?.close();
});

const useProvider = (provider: InboundMailProvider | undefined) => {
  (ctx.deps.config as { INBOUND_MAIL_PROVIDER?: InboundMailProvider }).INBOUND_MAIL_PROVIDER = provider;
};

/** A recorded payload of the providers' documentation, with this test's addresses filled in. */
function fixture(name: string, values: Record<string, string>): string {
  const text = fs.readFileSync(path.join(__dirname, 'fixtures', name), 'utf8');
  return text.replace(/\{\{(\w+)\}\}/g, (all, key: string) => values[key] ?? all);
}

/** A ticket whose staff answer was mailed to its user: the reply address the user answers to. */
async function ticketWithMail() {
  const dept = (
    await ctx.call('POST', '/api/tickets_departments', {
      token: superToken,
      body: { department_name: `Inbound ${randomBytes(4).toString('hex')}` },
    })
  ).json().data.id as number;
  const user = await ctx.makeUser();
  const token = await ctx.loginUser(user.email);
  const id = (
    await ctx.call('POST', '/api/tickets', {
      token,
      body: { ticket_subject: 'My campaign did not start', initial_message: 'Stuck.', department_id: dept },
    })
  ).json().data.id as number;
  await ctx.call('POST', '/api/ticket_reply', {
    token: superToken,
    body: { ticket_id: id, message: 'Can you send a screenshot?' },
  });
  const mail = (await ctx.lastMail(user.email))!;
  const to = mail.replyTo!;
  return { id, values: { FROM: user.email, TO: to, HASH: to.split('@')[0]!.split('+')[1]! } };
}

async function multipart(
  fields: Record<string, string>,
  files: Record<string, { filename: string; type: string }>,
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const [k, f] of Object.entries(files)) form.append(k, new Blob([PNG], { type: f.type }), f.filename);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    body: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type')!,
  };
}

const deliver = (body: Buffer | string, headers: Record<string, string>) =>
  ctx.app.inject({ method: 'POST', url: '/api/tickets/inbound-mail', headers, payload: body });

const userReplies = async (ticketId: number) =>
  (
    await ctx.deps.database.pool.query(
      `select r.message, r.via, count(a.id)::int as files, min(a.mime) as mime
         from ticket_replies r left join ticket_attachments a on a.reply_id = r.id
        where r.ticket_id = $1 and r.author_user_id is not null group by r.id order by r.id`,
      [ticketId],
    )
  ).rows;

const ONE_REPLY = [
  { message: 'Here is the screenshot you asked for.', via: 'email', files: 1, mime: 'image/png' },
];

describe('inbound mail provider adapters', () => {
  it('chooses the adapter by INBOUND_MAIL_PROVIDER, the signed generic shape by default, and refuses a provider without its key', () => {
    expect(inboundMailMode({})).toBe('signed');
    expect(
      inboundMailMode({ INBOUND_MAIL_PROVIDER: 'mailgun', INBOUND_MAILGUN_SIGNING_KEY: MAILGUN_KEY }),
    ).toBe('mailgun');
    expect(() => inboundMailMode({ INBOUND_MAIL_PROVIDER: 'sendgrid' })).toThrow(
      /INBOUND_SENDGRID_PUBLIC_KEY/,
    );
    expect(() => inboundMailMode({ INBOUND_MAIL_PROVIDER: 'postmark' })).toThrow(
      /INBOUND_POSTMARK_BASIC_AUTH/,
    );
  });

  it('Postmark: the documented inbound JSON behind basic auth adds one reply with its attachment, replayed twice', async () => {
    useProvider('postmark');
    const { id, values } = await ticketWithMail();
    const body = fixture('postmark-inbound.json', values);
    const auth = {
      'content-type': 'application/json',
      authorization: `Basic ${Buffer.from(POSTMARK_AUTH).toString('base64')}`,
    };
    const first = await deliver(body, auth);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.status).toBe('added');
    expect((await deliver(body, auth)).json().data.status).toBe('duplicate');
    expect(await userReplies(id)).toEqual(ONE_REPLY);
    const wrong = `Basic ${Buffer.from('postmark:not-the-password-at-all').toString('base64')}`;
    expect(
      (await deliver(body, { 'content-type': 'application/json', authorization: wrong })).statusCode,
    ).toBe(400);
    expect((await deliver(body, { 'content-type': 'application/json' })).statusCode).toBe(400);
    // The generic signed shape is not accepted while Postmark is the provider.
    const generic = JSON.stringify({
      from: values.FROM,
      to: values.TO,
      text: 'generic',
      message_id: '<g@x>',
    });
    const signed = signInbound(inboundSecret(ctx.deps.config)!, generic);
    expect(
      (await deliver(generic, { 'content-type': 'application/json', 'x-inbound-signature': signed }))
        .statusCode,
    ).toBe(400);
    expect(await userReplies(id)).toHaveLength(1);
  });

  it('Mailgun: the documented route form, signed with the signing key, adds one reply, replayed twice; a forged or stale signature is refused', async () => {
    useProvider('mailgun');
    const { id, values } = await ticketWithMail();
    const spec = JSON.parse(fixture('mailgun-route.json', values)) as {
      fields: Record<string, string>;
      files: Record<string, { filename: string; type: string }>;
    };
    const post = async (timestamp: number, key: string) => {
      const token = randomBytes(25).toString('hex');
      const fields = {
        ...spec.fields,
        timestamp: String(timestamp),
        token,
        signature: mailgunSignature(key, String(timestamp), token),
      };
      const { body, contentType } = await multipart(fields, spec.files);
      return { body, headers: { 'content-type': contentType } };
    };
    const now = Math.floor(Date.now() / 1000);
    const genuine = await post(now, MAILGUN_KEY);
    const first = await deliver(genuine.body, genuine.headers);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.status).toBe('added');
    expect((await deliver(genuine.body, genuine.headers)).json().data.status).toBe('duplicate');
    expect(await userReplies(id)).toEqual(ONE_REPLY);
    const forged = await post(now, 'key-someone-else-0123456789abcdef');
    expect((await deliver(forged.body, forged.headers)).statusCode).toBe(400);
    const stale = await post(now - 3600, MAILGUN_KEY);
    expect((await deliver(stale.body, stale.headers)).statusCode).toBe(400);
    // Without files Mailgun posts URL-encoded: the same adapter reads it (text only, no attachment).
    const token = randomBytes(25).toString('hex');
    const encoded = new URLSearchParams({
      ...spec.fields,
      'attachment-count': '0',
      'Message-Id': '<plain-1@mail.example.com>',
      timestamp: String(now),
      token,
      signature: mailgunSignature(MAILGUN_KEY, String(now), token),
    }).toString();
    const plain = await deliver(encoded, { 'content-type': 'application/x-www-form-urlencoded' });
    expect(plain.json().data.status).toBe('added');
    expect(await userReplies(id)).toHaveLength(2);
  });

  it('SendGrid: the documented Inbound Parse multipart, signed by ECDSA, adds one reply, replayed twice; another key or a changed body is refused', async () => {
    useProvider('sendgrid');
    const { id, values } = await ticketWithMail();
    const spec = JSON.parse(fixture('sendgrid-parse.json', values)) as {
      fields: Record<string, string>;
      files: Record<string, { filename: string; type: string }>;
    };
    const { body, contentType } = await multipart(spec.fields, spec.files);
    const signed = (
      payload: Buffer,
      key = sendgridKeys.privateKey,
      timestamp = Math.floor(Date.now() / 1000),
    ) => ({
      'content-type': contentType,
      [SENDGRID_TIMESTAMP_HEADER]: String(timestamp),
      [SENDGRID_SIGNATURE_HEADER]: sign(
        'sha256',
        Buffer.concat([Buffer.from(String(timestamp)), payload]),
        key,
      ).toString('base64'),
    });
    const first = await deliver(body, signed(body));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.status).toBe('added');
    expect((await deliver(body, signed(body))).json().data.status).toBe('duplicate');
    expect(await userReplies(id)).toEqual(ONE_REPLY);
    expect((await deliver(body, signed(body, otherKeys.privateKey))).statusCode).toBe(400);
    const tampered = Buffer.from(
      body.toString('latin1').replace('Here is the screenshot', 'Here is the forgery!!'),
      'latin1',
    );
    expect((await deliver(tampered, signed(body))).statusCode).toBe(400);
    expect((await deliver(body, { 'content-type': contentType })).statusCode).toBe(400);
    expect(
      (await deliver(body, signed(body, sendgridKeys.privateKey, Math.floor(Date.now() / 1000) - 3600)))
        .statusCode,
    ).toBe(400);
    expect(await userReplies(id)).toHaveLength(1);
    useProvider(undefined);
  });
});
