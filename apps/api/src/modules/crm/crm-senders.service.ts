import { generateKeyPair } from 'node:crypto';
import { promisify } from 'node:util';
import type { Language } from '@lm/contracts';
import { LIMITS } from '@lm/contracts/limits';
import { CRM_PERMISSIONS } from '@lm/contracts/permissions';
import { asc, eq, sql } from 'drizzle-orm';
import type { Config } from '../../config/env';
import { type Database, type Tx, withTransaction } from '../../db/client';
import type { AppDeps } from '../../platform/app';
import { sameDigest, sha256, sixDigitCode } from '../../platform/crypto';
import { AppError, ConflictError, NotFoundError, ValidationError } from '../../platform/errors';
import { openSecret, type SealedColumn, sealSecret } from '../../platform/secret-box';
import type { DnsResolver } from '../../providers/dns/contract';
import { type AuditActor, audit } from '../audit';
import { notify } from '../notifications';
import { staffHolding } from '../todos';
import { crmSenderDomains, crmSenders, type DnsCheck } from './crm.schema';

/**
 * Senders and sender IDs of the CRM: a sender is a From address confirmed by a
 * code mailed to it; a sender ID is a domain whose SPF, DKIM and DMARC records are found in DNS as
 * shown. A campaign may only use a confirmed sender whose domain is a verified sender ID
 * (`assertUsableSender`).
 */
export type SenderDeps = Pick<AppDeps, 'database' | 'clock' | 'config' | 'mail' | 'providers'>;
type SenderDomain = typeof crmSenderDomains.$inferSelect;
type Sender = typeof crmSenders.$inferSelect;

const CODE_TTL_MS = 10 * 60_000;
const generateKeyPairAsync = promisify(generateKeyPair);

/** The part of an address after its last `@`, lower case. */
export const domainOf = (email: string): string => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/** Additional data a domain's DKIM private key is sealed with by the secret box (platform/secret-box). */
export const DKIM_KEY_PURPOSE = 'crm:dkim-private-key';

/** The sealed column of `crm_sender_domains`, for `npm run rotate-secrets`. */
export const DKIM_KEY_SEALED_COLUMN: SealedColumn = {
  table: 'crm_sender_domains',
  column: 'dkim_private_key',
  purpose: () => DKIM_KEY_PURPOSE,
};

/** A DNS record staff must publish for a sender ID. */
export interface DnsRecord {
  kind: 'spf' | 'dkim' | 'dmarc';
  type: 'TXT';
  name: string;
  value: string;
}

/** The SPF, DKIM and DMARC records a domain must publish (shown on /crm/senders-id). */
export function expectedRecords(config: Pick<Config, 'CRM_SPF_INCLUDE'>, domain: SenderDomain): DnsRecord[] {
  return [
    { kind: 'spf', type: 'TXT', name: domain.domain, value: `v=spf1 include:${config.CRM_SPF_INCLUDE} ~all` },
    {
      kind: 'dkim',
      type: 'TXT',
      name: `${domain.dkimSelector}._domainkey.${domain.domain}`,
      value: `v=DKIM1; k=rsa; p=${domain.dkimPublicKey}`,
    },
    {
      kind: 'dmarc',
      type: 'TXT',
      name: `_dmarc.${domain.domain}`,
      value: `v=DMARC1; p=quarantine; rua=mailto:dmarc@${domain.domain}`,
    },
  ];
}

/**
 * The records a stored sender ID must publish, by its id (the sandbox DNS publishes them for demos).
 * @throws NotFoundError `crm.senders.domain_not_found` for an unknown id
 */
export async function senderDomainRecords(
  deps: Pick<AppDeps, 'database' | 'config'>,
  id: number,
): Promise<DnsRecord[]> {
  const [domain] = await deps.database.db.select().from(crmSenderDomains).where(eq(crmSenderDomains.id, id));
  if (!domain) throw new NotFoundError('crm.senders.domain_not_found');
  return expectedRecords(deps.config, domain);
}

/** `tag=value` pairs of a DKIM or DMARC record (tags lower case, values trimmed, spaces removed from p=). */
function tags(record: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of record.split(';')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    const key = part.slice(0, at).trim().toLowerCase();
    const value = part.slice(at + 1).trim();
    out.set(key, key === 'p' ? value.replace(/\s+/g, '') : value);
  }
  return out;
}

/**
 * Check a domain's records (RFC 7208 SPF, RFC 6376 DKIM, RFC 7489 DMARC) as the product needs them:
 * - SPF: exactly one `v=spf1` TXT record at the domain, naming the relay (`include:<CRM_SPF_INCLUDE>`);
 * - DKIM: a `v=DKIM1` (or tag-only) record at `<selector>._domainkey.<domain>` whose `p=` is the
 *   domain's public key;
 * - DMARC: a `v=DMARC1` record at `_dmarc.<domain>` with a policy `p=none|quarantine|reject`.
 * A check is `missing` when no such record exists, `fail` when one exists but is wrong.
 * @throws the resolver's error when a look-up fails (time-out, refused)
 */
export async function checkDomainRecords(
  dns: DnsResolver,
  config: Pick<Config, 'CRM_SPF_INCLUDE'>,
  domain: SenderDomain,
): Promise<{ spf: DnsCheck; dkim: DnsCheck; dmarc: DnsCheck }> {
  const [rootTxt, dkimTxt, dmarcTxt] = await Promise.all([
    dns.resolveTxt(domain.domain),
    dns.resolveTxt(`${domain.dkimSelector}._domainkey.${domain.domain}`),
    dns.resolveTxt(`_dmarc.${domain.domain}`),
  ]);
  const spfRecords = rootTxt.filter((r) => /^v=spf1(\s|$)/i.test(r.trim()));
  const include = `include:${config.CRM_SPF_INCLUDE}`.toLowerCase();
  const spf: DnsCheck =
    spfRecords.length === 0
      ? { status: 'missing', found: null }
      : {
          // Two SPF records make SPF a permanent error (RFC 7208 section 4.5).
          status:
            spfRecords.length === 1 && spfRecords[0]!.toLowerCase().split(/\s+/).includes(include)
              ? 'pass'
              : 'fail',
          found: spfRecords.join(' | '),
        };
  const dkimRecord = dkimTxt.find((r) => tags(r).has('p'));
  const dkim: DnsCheck = !dkimRecord
    ? { status: 'missing', found: null }
    : {
        status:
          tags(dkimRecord).get('p') === domain.dkimPublicKey &&
          (tags(dkimRecord).get('v') ?? 'DKIM1') === 'DKIM1'
            ? 'pass'
            : 'fail',
        found: dkimRecord,
      };
  const dmarcRecords = dmarcTxt.filter((r) => /^v=DMARC1\s*(;|$)/i.test(r.trim()));
  const dmarc: DnsCheck =
    dmarcRecords.length === 0
      ? { status: 'missing', found: null }
      : {
          status:
            dmarcRecords.length === 1 &&
            ['none', 'quarantine', 'reject'].includes((tags(dmarcRecords[0]!).get('p') ?? '').toLowerCase())
              ? 'pass'
              : 'fail',
          found: dmarcRecords.join(' | '),
        };
  return { spf, dkim, dmarc };
}

function domainView(config: Pick<Config, 'CRM_SPF_INCLUDE'>, d: SenderDomain, dnsName: 'system' | 'sandbox') {
  return {
    id: d.id,
    domain: d.domain,
    verified: d.verifiedAt !== null,
    verified_at: d.verifiedAt?.toISOString() ?? null,
    checked_at: d.checkedAt?.toISOString() ?? null,
    checks: { spf: d.spf, dkim: d.dkim, dmarc: d.dmarc },
    records: expectedRecords(config, d),
    dns: dnsName,
    created_at: d.createdAt.toISOString(),
  };
}

/** Every sender ID with its records to publish and the last check's results. */
export async function listSenderDomains(deps: SenderDeps) {
  const rows = await deps.database.db.select().from(crmSenderDomains).orderBy(asc(crmSenderDomains.domain));
  return rows.map((d) => domainView(deps.config, d, deps.providers.dns.name));
}

/**
 * Add a sender ID: the domain with a new RSA 2048 DKIM key pair (selector `CRM_DKIM_SELECTOR`), not
 * verified until its records are found.
 * @throws ValidationError `crm.senders.domain_taken` under `domain`
 */
export async function createSenderDomain(deps: SenderDeps, domain: string, actor: AuditActor) {
  const { publicKey, privateKey } = await generateKeyPairAsync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'der' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return withTransaction(deps.database, async (tx) => {
    const [row] = await tx.db
      .insert(crmSenderDomains)
      .values({
        domain,
        dkimSelector: deps.config.CRM_DKIM_SELECTOR,
        dkimPublicKey: Buffer.from(publicKey).toString('base64'),
        dkimPrivateKey: sealSecret(deps.config.keys, privateKey, DKIM_KEY_PURPOSE),
        createdBy: actor.type === 'admin' ? (actor.id ?? null) : null,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new ValidationError({ domain: ['crm.senders.domain_taken'] });
    await audit(
      deps.database,
      actor,
      {
        action: 'crm.sender_domain_create',
        targetType: 'crm_sender_domain',
        targetId: row.id,
        meta: { domain },
      },
      tx,
    );
    return domainView(deps.config, row, deps.providers.dns.name);
  });
}

/**
 * Check a sender ID's records now and store the results; verified when SPF, DKIM and DMARC all pass,
 * unverified again when one stops passing.
 * @throws NotFoundError; AppError 503 `crm.senders.dns_unavailable` when DNS does not answer
 */
export async function verifySenderDomain(deps: SenderDeps, id: number, actor: AuditActor) {
  const [domain] = await deps.database.db.select().from(crmSenderDomains).where(eq(crmSenderDomains.id, id));
  if (!domain) throw new NotFoundError('crm.senders.domain_not_found');
  let checks: Awaited<ReturnType<typeof checkDomainRecords>>;
  try {
    checks = await checkDomainRecords(deps.providers.dns, deps.config, domain);
  } catch {
    throw new AppError(503, 'crm.senders.dns_unavailable');
  }
  const now = deps.clock.now();
  const verified =
    checks.spf.status === 'pass' && checks.dkim.status === 'pass' && checks.dmarc.status === 'pass';
  const [row] = await deps.database.db
    .update(crmSenderDomains)
    .set({
      ...checks,
      checkedAt: now,
      verifiedAt: verified ? sql`coalesce(${crmSenderDomains.verifiedAt}, ${now})` : null,
    })
    .where(eq(crmSenderDomains.id, id))
    .returning();
  await audit(deps.database, actor, {
    action: 'crm.sender_domain_check',
    targetType: 'crm_sender_domain',
    targetId: id,
    meta: { spf: checks.spf.status, dkim: checks.dkim.status, dmarc: checks.dmarc.status },
  });
  return domainView(deps.config, row!, deps.providers.dns.name);
}

/** Queue of the scheduled DNS re-check of sender IDs. */
export const DOMAIN_RECHECK_QUEUE = 'crm.sender_domains.recheck';

/**
 * Re-check every sender ID's DNS records (the `crm.sender_domains.recheck` job, daily): each result is
 * stored as a manual check would store it; a domain that was verified and no longer passes loses its
 * verification (its campaigns stop sending: `assertUsableSender`) and every admin holding
 * `crm.marketing.show` is told in-app which records fail, in the transaction of the change. A domain
 * whose look-up fails (resolver down) keeps its state: an outage is not a broken record.
 * @returns how many domains were checked, stopped verifying, and could not be looked up
 */
export async function recheckSenderDomains(deps: SenderDeps) {
  const domains = await deps.database.db.select().from(crmSenderDomains).orderBy(asc(crmSenderDomains.id));
  let lost = 0;
  let unreachable = 0;
  for (const domain of domains) {
    let checks: Awaited<ReturnType<typeof checkDomainRecords>>;
    try {
      checks = await checkDomainRecords(deps.providers.dns, deps.config, domain);
    } catch {
      unreachable += 1;
      continue;
    }
    const now = deps.clock.now();
    const verified =
      checks.spf.status === 'pass' && checks.dkim.status === 'pass' && checks.dmarc.status === 'pass';
    const stopped = await withTransaction(deps.database, async (tx) => {
      // The row's state before this check, locked: two re-checks at once tell the staff once.
      const [before] = await tx.db
        .select({ verifiedAt: crmSenderDomains.verifiedAt })
        .from(crmSenderDomains)
        .where(eq(crmSenderDomains.id, domain.id))
        .for('update');
      if (!before) return false;
      await tx.db
        .update(crmSenderDomains)
        .set({
          ...checks,
          checkedAt: now,
          verifiedAt: verified ? sql`coalesce(${crmSenderDomains.verifiedAt}, ${now})` : null,
        })
        .where(eq(crmSenderDomains.id, domain.id));
      if (verified || before.verifiedAt === null) return false;
      const failing = (['spf', 'dkim', 'dmarc'] as const)
        .filter((k) => checks[k].status !== 'pass')
        .map((k) => k.toUpperCase())
        .join(', ');
      for (const admin of await staffHolding(tx, CRM_PERMISSIONS.marketing)) {
        await notify(tx, {
          adminId: admin.id,
          type: 'crm.domain_unverified',
          message: 'crm.notify.domain_unverified',
          params: { domain: domain.domain, failing },
          link: '/crm/senders-id',
          data: { sender_domain_id: domain.id },
        });
      }
      await audit(
        deps.database,
        { type: 'system' },
        {
          action: 'crm.sender_domain_check',
          targetType: 'crm_sender_domain',
          targetId: domain.id,
          meta: { spf: checks.spf.status, dkim: checks.dkim.status, dmarc: checks.dmarc.status },
        },
        tx,
      );
      return true;
    });
    if (stopped) lost += 1;
  }
  return { checked: domains.length - unreachable, lost, unreachable };
}

/** Delete a sender ID (its senders stay, unusable until the domain is verified again). @throws NotFoundError */
export async function deleteSenderDomain(deps: SenderDeps, id: number, actor: AuditActor) {
  await withTransaction(deps.database, async (tx) => {
    const rows = await tx.db.delete(crmSenderDomains).where(eq(crmSenderDomains.id, id)).returning();
    if (rows.length === 0) throw new NotFoundError('crm.senders.domain_not_found');
    await audit(
      deps.database,
      actor,
      { action: 'crm.sender_domain_delete', targetType: 'crm_sender_domain', targetId: id },
      tx,
    );
  });
}

async function senderRows(db: Database | Tx, where?: ReturnType<typeof eq>) {
  return db.db
    .select({ sender: crmSenders, domainVerifiedAt: crmSenderDomains.verifiedAt })
    .from(crmSenders)
    .leftJoin(crmSenderDomains, sql`${crmSenderDomains.domain} = split_part(${crmSenders.email}, '@', 2)`)
    .where(where)
    .orderBy(asc(crmSenders.email));
}

function senderView(row: { sender: Sender; domainVerifiedAt: Date | null }) {
  const { sender } = row;
  return {
    id: sender.id,
    email: sender.email,
    name: sender.name,
    rate_per_minute: sender.ratePerMinute,
    confirmed: sender.confirmedAt !== null,
    confirmed_at: sender.confirmedAt?.toISOString() ?? null,
    domain: domainOf(sender.email),
    domain_verified: row.domainVerifiedAt !== null,
    usable: sender.confirmedAt !== null && row.domainVerifiedAt !== null,
    created_at: sender.createdAt.toISOString(),
  };
}

/** Every sender with whether it is confirmed, its domain verified, and so usable by a campaign. */
export async function listSenders(deps: Pick<AppDeps, 'database'>) {
  return (await senderRows(deps.database)).map(senderView);
}

async function mailCode(deps: SenderDeps, tx: Tx, sender: Sender, language: Language) {
  const code = sixDigitCode();
  await tx.db
    .update(crmSenders)
    .set({
      codeHash: sha256(`crm-sender:${sender.id}:${code}`),
      codeExpiresAt: new Date(deps.clock.now().getTime() + CODE_TTL_MS),
      codeAttempts: 0,
    })
    .where(eq(crmSenders.id, sender.id));
  await deps.mail.send(
    { to: sender.email, language, key: 'crm.mail.sender_code', params: { code, name: sender.name } },
    tx,
  );
}

/**
 * Add a sender: the address (lower case), its display name and rate cap; a 6-digit code is mailed to
 * it (in the language of the staff member adding it), valid 10 minutes.
 * @throws ValidationError `crm.senders.sender_taken` under `email`
 */
export async function createSender(
  deps: SenderDeps,
  input: { email: string; name: string; rate_per_minute?: number },
  language: Language,
  actor: AuditActor,
) {
  const email = input.email.trim().toLowerCase();
  return withTransaction(deps.database, async (tx) => {
    const [row] = await tx.db
      .insert(crmSenders)
      .values({
        email,
        name: input.name,
        ratePerMinute: input.rate_per_minute ?? 600,
        createdBy: actor.type === 'admin' ? (actor.id ?? null) : null,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new ValidationError({ email: ['crm.senders.sender_taken'] });
    await mailCode(deps, tx, row, language);
    await audit(
      deps.database,
      actor,
      { action: 'crm.sender_create', targetType: 'crm_sender', targetId: row.id },
      tx,
    );
    const [view] = await senderRows(tx, eq(crmSenders.id, row.id));
    return senderView(view!);
  });
}

/** Mail a new code to an unconfirmed sender (the previous one stops working). @throws NotFoundError, ConflictError */
export async function resendSenderCode(deps: SenderDeps, id: number, language: Language) {
  await withTransaction(deps.database, async (tx) => {
    const [sender] = await tx.db.select().from(crmSenders).where(eq(crmSenders.id, id)).for('update');
    if (!sender) throw new NotFoundError('crm.senders.sender_not_found');
    if (sender.confirmedAt) throw new ConflictError('crm.senders.already_confirmed');
    await mailCode(deps, tx, sender, language);
  });
}

/**
 * Confirm a sender with the code mailed to it. A wrong code counts an attempt (kept although the call
 * fails); after 5 the code is dead and a new one must be sent.
 * @throws NotFoundError; AppError 422 `auth.code_invalid` (wrong, expired, none) or 429
 *   `auth.code_too_many_attempts`
 */
export async function confirmSender(deps: SenderDeps, id: number, code: string, actor: AuditActor) {
  const outcome = await withTransaction(deps.database, async (tx) => {
    const [sender] = await tx.db.select().from(crmSenders).where(eq(crmSenders.id, id)).for('update');
    if (!sender) throw new NotFoundError('crm.senders.sender_not_found');
    if (sender.confirmedAt) return 'ok' as const;
    if (!sender.codeHash || !sender.codeExpiresAt || sender.codeExpiresAt <= deps.clock.now())
      return 'invalid' as const;
    if (sender.codeAttempts >= LIMITS.emailCode.maxAttempts) return 'locked' as const;
    if (!sameDigest(sender.codeHash, sha256(`crm-sender:${sender.id}:${code}`))) {
      await tx.db
        .update(crmSenders)
        .set({ codeAttempts: sql`${crmSenders.codeAttempts} + 1` })
        .where(eq(crmSenders.id, id));
      return sender.codeAttempts + 1 >= LIMITS.emailCode.maxAttempts
        ? ('locked' as const)
        : ('invalid' as const);
    }
    await tx.db
      .update(crmSenders)
      .set({ confirmedAt: deps.clock.now(), codeHash: null, codeExpiresAt: null })
      .where(eq(crmSenders.id, id));
    await audit(
      deps.database,
      actor,
      { action: 'crm.sender_confirm', targetType: 'crm_sender', targetId: id },
      tx,
    );
    return 'ok' as const;
  });
  if (outcome === 'invalid')
    throw new AppError(422, 'auth.code_invalid', { errors: { code: ['auth.code_invalid'] } });
  if (outcome === 'locked')
    throw new AppError(429, 'auth.code_too_many_attempts', {
      errors: { code: ['auth.code_too_many_attempts'] },
    });
  const [view] = await senderRows(deps.database, eq(crmSenders.id, id));
  return senderView(view!);
}

/** Delete a sender. @throws NotFoundError; ConflictError when a campaign uses it */
export async function deleteSender(deps: Pick<AppDeps, 'database'>, id: number, actor: AuditActor) {
  await withTransaction(deps.database, async (tx) => {
    const rows = await tx.db.delete(crmSenders).where(eq(crmSenders.id, id)).returning();
    if (rows.length === 0) throw new NotFoundError('crm.senders.sender_not_found');
    await audit(
      deps.database,
      actor,
      { action: 'crm.sender_delete', targetType: 'crm_sender', targetId: id },
      tx,
    );
  });
}

/**
 * The sender and its domain when a campaign may use it ("a campaign can only use a confirmed
 * sender on a verified domain"), with the domain's DKIM private key opened for signing.
 * @throws ValidationError under `sender_id`: `crm.senders.sender_not_found`, `crm.senders.not_confirmed`,
 *   `crm.senders.domain_unverified`
 */
export async function assertUsableSender(db: Database | Tx, config: Pick<Config, 'keys'>, senderId: number) {
  const [sender] = await db.db.select().from(crmSenders).where(eq(crmSenders.id, senderId));
  if (!sender) throw new ValidationError({ sender_id: ['crm.senders.sender_not_found'] });
  if (!sender.confirmedAt) throw new ValidationError({ sender_id: ['crm.senders.not_confirmed'] });
  const [domain] = await db.db
    .select()
    .from(crmSenderDomains)
    .where(eq(crmSenderDomains.domain, domainOf(sender.email)));
  if (!domain?.verifiedAt) throw new ValidationError({ sender_id: ['crm.senders.domain_unverified'] });
  return {
    sender,
    domain,
    dkim: {
      domainName: domain.domain,
      keySelector: domain.dkimSelector,
      privateKey: openSecret(config.keys, domain.dkimPrivateKey, DKIM_KEY_PURPOSE),
    },
  };
}
