import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobDefinitions } from '../../jobs/definitions';
import { openSecret } from '../../platform/secret-box';
import type { DnsResolver } from '../../providers/dns/contract';
import { setSandboxTxt } from '../../providers/dns/sandbox';
import { createAdminTestApp } from '../../test/admin-app';
import { codeFrom, type TestContext } from '../../test/harness';
import {
  assertUsableSender,
  checkDomainRecords,
  DKIM_KEY_PURPOSE,
  DOMAIN_RECHECK_QUEUE,
  recheckSenderDomains,
} from './crm-senders.service';

let ctx: TestContext;
let token: string;

beforeAll(async () => {
  ({ ctx, token } = await createAdminTestApp());
});
afterAll(() => ctx.close());

async function addDomain(domain: string) {
  const res = await ctx.call('POST', '/api/admin/crm/sender-domains', { token, body: { domain } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as {
    id: number;
    records: { kind: string; name: string; value: string }[];
    verified: boolean;
  };
}

async function addSender(email: string) {
  const res = await ctx.call('POST', '/api/admin/crm/senders', {
    token,
    body: { email, name: 'Liberty News' },
    headers: { 'x-lang': 'fr' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; confirmed: boolean; usable: boolean };
}

describe('sender IDs', () => {
  it('shows the records to publish and verifies the domain only when SPF, DKIM and DMARC are all found', async () => {
    const domain = await addDomain('News.Example.com');
    expect(domain.records.map((r) => [r.kind, r.name])).toEqual([
      ['spf', 'news.example.com'],
      ['dkim', 'lm1._domainkey.news.example.com'],
      ['dmarc', '_dmarc.news.example.com'],
    ]);
    const check = () => ctx.call('POST', `/api/admin/crm/sender-domains/${domain.id}/check`, { token });
    let res = await check();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      verified: false,
      checks: { spf: { status: 'missing' }, dkim: { status: 'missing' }, dmarc: { status: 'missing' } },
    });
    const [spf, dkim, dmarc] = domain.records;
    // SPF without the relay, DKIM with another key: both wrong.
    await setSandboxTxt(ctx.deps.database, spf!.name, [
      'v=spf1 include:other.example ~all',
      'google-site=abc',
    ]);
    await setSandboxTxt(ctx.deps.database, dkim!.name, [
      'v=DKIM1; k=rsa; p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAwrong',
    ]);
    await setSandboxTxt(ctx.deps.database, dmarc!.name, [dmarc!.value]);
    res = await check();
    expect(res.json().data).toMatchObject({
      verified: false,
      checks: { spf: { status: 'fail' }, dkim: { status: 'fail' }, dmarc: { status: 'pass' } },
    });
    await setSandboxTxt(ctx.deps.database, spf!.name, [spf!.value, 'google-site=abc']);
    // A DKIM key split over strings with spaces (as DNS hosts publish long keys) still matches.
    await setSandboxTxt(ctx.deps.database, dkim!.name, [dkim!.value.replace(/(.{60})/, '$1 ')]);
    res = await check();
    expect(res.json().data).toMatchObject({
      verified: true,
      checks: { spf: { status: 'pass' }, dkim: { status: 'pass' } },
    });
    // Two SPF records are a permanent error: the domain is no longer verified.
    await setSandboxTxt(ctx.deps.database, spf!.name, [spf!.value, 'v=spf1 -all']);
    res = await check();
    expect(res.json().data).toMatchObject({ verified: false, checks: { spf: { status: 'fail' } } });
  });

  it('refuses a bad or taken domain with the field’s message', async () => {
    const bad = await ctx.call('POST', '/api/admin/crm/sender-domains', {
      token,
      body: { domain: 'not a domain' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.domain).toBeDefined();
    await addDomain('taken.example.com');
    const taken = await ctx.call('POST', '/api/admin/crm/sender-domains', {
      token,
      body: { domain: 'TAKEN.example.com' },
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.domain).toEqual(['This domain is already a sender ID']);
  });

  it('keeps the DKIM private key sealed and answers 503 when DNS fails', async () => {
    const domain = await addDomain('sealed.example.com');
    const usable = async () => {
      const [row] = await ctx.deps.database.db
        .execute<{ dkim_private_key: string }>(
          `select dkim_private_key from crm_sender_domains where id = ${domain.id}` as never,
        )
        .then((r) => r.rows);
      return row!.dkim_private_key;
    };
    const sealed = await usable();
    expect(sealed).not.toContain('PRIVATE KEY');
    expect(openSecret(ctx.deps.config.APP_KEY, sealed, DKIM_KEY_PURPOSE)).toContain('BEGIN PRIVATE KEY');
    expect(() =>
      openSecret('another-app-key-0123456789abcdef0123456789', sealed, DKIM_KEY_PURPOSE),
    ).toThrow();
    expect(() => openSecret(ctx.deps.config.APP_KEY, sealed, 'tiktok:refresh')).toThrow();
    const failing: DnsResolver = {
      name: 'system',
      resolveTxt: async () => {
        throw Object.assign(new Error('timeout'), { code: 'ETIMEOUT' });
      },
    };
    const original = ctx.deps.providers.dns;
    ctx.deps.providers.dns = failing;
    try {
      const res = await ctx.call('POST', `/api/admin/crm/sender-domains/${domain.id}/check`, { token });
      expect(res.statusCode).toBe(503);
    } finally {
      ctx.deps.providers.dns = original;
    }
  });
});

describe('the scheduled DNS re-check', () => {
  it('unverifies a domain whose records stopped passing and tells the CRM staff once, keeps it when DNS is down', async () => {
    expect(jobDefinitions(ctx.deps).find((d) => d.name === DOMAIN_RECHECK_QUEUE)?.cron).toBe('30 4 * * *');
    const domain = await addDomain('recheck.example.com');
    for (const r of domain.records) await setSandboxTxt(ctx.deps.database, r.name, [r.value]);
    const verify = await ctx.call('POST', `/api/admin/crm/sender-domains/${domain.id}/check`, { token });
    expect(verify.json().data.verified).toBe(true);
    const marketer = await ctx.makeAdmin({ permissions: ['crm.marketing.show'] });
    const outsider = await ctx.makeAdmin({ permissions: ['tickets.show'] });
    const notes = async (adminId: number) =>
      (
        await ctx.deps.database.pool.query(
          `select message_key, params, link from notifications where admin_id = $1 and type = 'crm.domain_unverified'`,
          [adminId],
        )
      ).rows;
    // Still published: stays verified, nobody told.
    expect((await recheckSenderDomains(ctx.deps)).lost).toBe(0);
    expect(await notes(marketer.id)).toEqual([]);
    // Resolver down: an outage is not a broken record.
    const original = ctx.deps.providers.dns;
    await setSandboxTxt(ctx.deps.database, domain.records[1]!.name, []);
    ctx.deps.providers.dns = {
      name: 'system',
      resolveTxt: async () => {
        throw Object.assign(new Error('timeout'), { code: 'ETIMEOUT' });
      },
    };
    try {
      expect((await recheckSenderDomains(ctx.deps)).unreachable).toBeGreaterThan(0);
    } finally {
      ctx.deps.providers.dns = original;
    }
    const still = await ctx.call('GET', '/api/admin/crm/sender-domains', { token });
    expect(still.json().data.find((d: { id: number }) => d.id === domain.id).verified).toBe(true);
    // The DKIM record was removed: unverified, the CRM staff told which record fails, once.
    const first = await recheckSenderDomains(ctx.deps);
    expect(first.lost).toBe(1);
    expect((await recheckSenderDomains(ctx.deps)).lost).toBe(0);
    expect(await notes(marketer.id)).toEqual([
      {
        message_key: 'crm.notify.domain_unverified',
        params: { domain: 'recheck.example.com', failing: 'DKIM' },
        link: '/crm/senders-id',
      },
    ]);
    expect(await notes(outsider.id)).toEqual([]);
    const after = await ctx.call('GET', '/api/admin/crm/sender-domains', { token });
    expect(after.json().data.find((d: { id: number }) => d.id === domain.id)).toMatchObject({
      verified: false,
      checks: { dkim: { status: 'missing' } },
    });
    const bell = await ctx.call('GET', '/api/admin/notifications', {
      token: await ctx.loginAdmin(marketer.email),
      headers: { 'x-lang': 'en' },
    });
    expect(JSON.stringify(bell.json().data)).toContain('Sender ID recheck.example.com is no longer verified');
  });
});

describe('senders', () => {
  it('confirms an address with the code mailed to it, in the language of the admin who added it', async () => {
    const sender = await addSender('Hello@Mail.Example.com');
    expect(sender).toMatchObject({ confirmed: false, usable: false });
    const mail = await ctx.lastMail('hello@mail.example.com');
    expect(mail?.subject).toBe('Confirmez cette adresse comme expéditeur');
    const code = codeFrom(mail?.text);
    const wrong = await ctx.call('POST', `/api/admin/crm/senders/${sender.id}/confirm`, {
      token,
      body: { code: code === '000000' ? '111111' : '000000' },
    });
    expect(wrong.statusCode).toBe(422);
    const right = await ctx.call('POST', `/api/admin/crm/senders/${sender.id}/confirm`, {
      token,
      body: { code },
    });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json().data).toMatchObject({
      confirmed: true,
      domain: 'mail.example.com',
      domain_verified: false,
    });
  });

  it('locks the code after five wrong tries and accepts a new one', async () => {
    const sender = await addSender('locked@example.org');
    const code = codeFrom((await ctx.lastMail('locked@example.org'))?.text);
    const wrongCode = code === '000000' ? '111111' : '000000';
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const res = await ctx.call('POST', `/api/admin/crm/senders/${sender.id}/confirm`, {
        token,
        body: { code: wrongCode },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([422, 422, 422, 422, 429, 429]);
    const late = await ctx.call('POST', `/api/admin/crm/senders/${sender.id}/confirm`, {
      token,
      body: { code },
    });
    expect(late.statusCode).toBe(429);
    await ctx.call('POST', `/api/admin/crm/senders/${sender.id}/resend`, { token });
    const fresh = codeFrom((await ctx.lastMail('locked@example.org'))?.text);
    const ok = await ctx.call('POST', `/api/admin/crm/senders/${sender.id}/confirm`, {
      token,
      body: { code: fresh },
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('lets a campaign use only a confirmed sender on a verified domain', async () => {
    const domain = await addDomain('rules.example.net');
    const sender = await addSender('team@rules.example.net');
    const rule = async () =>
      assertUsableSender(ctx.deps.database, ctx.deps.config, sender.id).then(
        () => 'usable',
        (e: { options?: { errors?: Record<string, string[]> } }) => e.options?.errors?.sender_id?.[0],
      );
    expect(await rule()).toBe('crm.senders.not_confirmed');
    const code = codeFrom((await ctx.lastMail('team@rules.example.net'))?.text);
    await ctx.call('POST', `/api/admin/crm/senders/${sender.id}/confirm`, { token, body: { code } });
    expect(await rule()).toBe('crm.senders.domain_unverified');
    await ctx.call('POST', `/api/sandbox/dns/publish/${domain.id}`);
    await ctx.call('POST', `/api/admin/crm/sender-domains/${domain.id}/check`, { token });
    expect(await rule()).toBe('usable');
    const listed = await ctx.call('GET', '/api/admin/crm/senders', { token });
    expect(listed.json().data.find((s: { id: number }) => s.id === sender.id)).toMatchObject({
      usable: true,
    });
    expect(
      await assertUsableSender(ctx.deps.database, ctx.deps.config, 999_999).catch((e) => e.options.errors),
    ).toEqual({
      sender_id: ['crm.senders.sender_not_found'],
    });
  });

  it('needs crm.marketing.show', async () => {
    const other = await ctx.makeAdmin({ permissions: ['view.main.crm.leads.tab.list', 'crm.leads.show'] });
    const otherToken = await ctx.loginAdmin(other.email);
    expect((await ctx.call('GET', '/api/admin/crm/senders', { token: otherToken })).statusCode).toBe(403);
  });
});

describe('checkDomainRecords', () => {
  it('reads DKIM records without a v= tag and DMARC with extra spaces', async () => {
    const domain = {
      id: 1,
      domain: 'x.test',
      dkimSelector: 's1',
      dkimPublicKey: 'ABC',
      dkimPrivateKey: '',
      spf: null,
      dkim: null,
      dmarc: null,
      verifiedAt: null,
      checkedAt: null,
      createdBy: null,
      createdAt: new Date(),
    };
    const records: Record<string, string[]> = {
      'x.test': ['v=spf1 include:spf.liberty.test -all'],
      's1._domainkey.x.test': ['k=rsa; p=ABC'],
      '_dmarc.x.test': ['v=DMARC1 ;  p=reject'],
    };
    const dns: DnsResolver = { name: 'sandbox', resolveTxt: async (n) => records[n] ?? [] };
    const result = await checkDomainRecords(dns, { CRM_SPF_INCLUDE: 'spf.liberty.test' }, domain);
    expect([result.spf.status, result.dkim.status, result.dmarc.status]).toEqual(['pass', 'pass', 'pass']);
  });
});
