import { MERGE_TAGS, type MergeTag, type TemplateSave } from '@lm/contracts/crm';
import { asc, eq, sql } from 'drizzle-orm';
import { withTransaction } from '../../db/client';
import { containsPattern } from '../../db/search';
import type { AppDeps } from '../../platform/app';
import { NotFoundError, ValidationError } from '../../platform/errors';
import { type AuditActor, audit } from '../audit';
import { senderFor } from '../mail';
import { crmTemplates } from './crm.schema';
import { assertUsableSender } from './crm-senders.service';

/**
 * E-mail templates of the CRM: the editor's design JSON and MJML are stored,
 * compiled to HTML with `mjml` on the server and turned into a plain-text part; merge tags stay in
 * both until a message is written for one recipient (`renderMessage`), where their values are
 * HTML-escaped in the HTML part.
 */
type TemplateDeps = Pick<AppDeps, 'database' | 'clock' | 'config' | 'mail'>;
type Template = typeof crmTemplates.$inferSelect;

/** A quote around a fallback: straight or curly, double or single, or their HTML entities (the editor escapes them). */
const QUOTE = `(?:"|'|\u201C|\u201D|\u2018|\u2019|&quot;|&#0?34;|&#0?39;|&apos;|&ldquo;|&rdquo;|&lsquo;|&rsquo;)`;
/**
 * A merge tag, with its optional fallback: `{{name}}` or `{{name | "fallback"}}` (group 1 the name,
 * group 2 the fallback: up to 100 characters, no quotes, braces, angle brackets or ampersands).
 */
const TAG = new RegExp(
  `\\{\\{\\s*([A-Za-z0-9_.-]+)\\s*(?:\\|\\s*${QUOTE}([^"'{}<>&\u201C\u201D\u2018\u2019]{0,100}?)${QUOTE}\\s*)?\\}\\}`,
  'g',
);

/** The merge tags found in `text`, once each, in order. */
export function mergeTagsIn(text: string): string[] {
  return [...new Set([...text.matchAll(TAG)].map((m) => m[1]!))];
}

/** The merge tags used somewhere in `text` without a fallback (their empty value would show as nothing). */
export function tagsWithoutFallback(text: string): string[] {
  return [...new Set([...text.matchAll(TAG)].filter((m) => m[2] === undefined).map((m) => m[1]!))];
}

/** Values of the merge tags for one recipient. */
export type MergeValues = Record<MergeTag, string>;

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escape a value for HTML text and attribute values. */
export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

/**
 * Write a template for one recipient: each merge tag replaced by its value, or by its fallback when
 * the value is empty (`{{first_name | "there"}}` gives "there"), HTML-escaped in the
 * HTML part (a name such as `<script>` or `"onmouseover=` stays text), as is in the plain-text part,
 * and without line breaks in the subject (no header injection). Unknown tags were refused on save.
 */
export function renderMessage(
  template: { subject: string; html: string; text: string },
  values: MergeValues,
): { subject: string; html: string; text: string } {
  const value = (name: string, fallback: string | undefined) => {
    const given = (MERGE_TAGS as readonly string[]).includes(name) ? values[name as MergeTag].trim() : '';
    return given || (fallback?.trim() ?? '');
  };
  return {
    subject: template.subject
      .replace(TAG, (_m, name: string, fallback?: string) => value(name, fallback))
      .replace(/[\r\n]+/g, ' '),
    html: template.html.replace(TAG, (_m, name: string, fallback?: string) =>
      escapeHtml(value(name, fallback)),
    ),
    text: template.text.replace(TAG, (_m, name: string, fallback?: string) => value(name, fallback)),
  };
}

/**
 * Compile MJML to HTML with `mjml` (v5, includes ignored, validation `soft`) and the plain-text part
 * with `html-to-text`; check the merge tags: only the known ones, `{{unsubscribe_url}}` present in the
 * body and absent from the subject.
 * @throws ValidationError under `mjml` (`crm.templates.invalid_mjml`, `crm.templates.unknown_tag`,
 *   `crm.templates.malformed_tag`, `crm.templates.unsubscribe_required`) or `subject`
 *   (`crm.templates.unknown_tag`, `crm.templates.malformed_tag`)
 */
export async function compileTemplate(input: { subject: string; mjml: string }) {
  const unknown = (text: string, allowed: readonly string[]) =>
    mergeTagsIn(text).filter((t) => !allowed.includes(t));
  const badSubject = unknown(
    input.subject,
    MERGE_TAGS.filter((t) => t !== 'unsubscribe_url'),
  );
  if (badSubject.length > 0)
    throw new ValidationError({
      subject: [{ key: 'crm.templates.unknown_tag', params: { tag: badSubject[0] } }],
    });
  // A `{{…}}` that is not a tag (a fallback without quotes, a stray brace) would reach readers as is.
  for (const [field, text] of [
    ['subject', input.subject],
    ['mjml', input.mjml],
  ] as const) {
    const malformed = [...text.matchAll(/\{\{[^{}]{0,200}\}\}/g)].find(
      (m) => !new RegExp(`^${TAG.source}$`).test(m[0]),
    );
    if (malformed)
      throw new ValidationError({
        [field]: [
          {
            key: 'crm.templates.malformed_tag',
            params: { tag: malformed[0], plain: '{{first_name}}', example: '{{first_name | "…"}}' },
          },
        ],
      });
  }
  const badBody = unknown(input.mjml, MERGE_TAGS);
  if (badBody.length > 0)
    throw new ValidationError({ mjml: [{ key: 'crm.templates.unknown_tag', params: { tag: badBody[0] } }] });
  if (!mergeTagsIn(input.mjml).includes('unsubscribe_url'))
    throw new ValidationError({
      mjml: [{ key: 'crm.templates.unsubscribe_required', params: { tag: '{{unsubscribe_url}}' } }],
    });
  if (!/^\s*<mjml[\s>]/.test(input.mjml)) throw new ValidationError({ mjml: ['crm.templates.invalid_mjml'] });
  // Loaded on first use: mjml alone adds about 90 MB to the API's memory.
  const [{ default: mjml2html }, { convert }] = await Promise.all([import('mjml'), import('html-to-text')]);
  let compiled: { html: string; errors: { formattedMessage?: string; message: string }[] };
  try {
    compiled = await mjml2html(input.mjml, {
      validationLevel: 'soft',
      ignoreIncludes: true,
      keepComments: false,
      // No web-font links: a message never makes the reader's mail client call a font host.
      fonts: {},
    });
  } catch {
    throw new ValidationError({ mjml: ['crm.templates.invalid_mjml'] });
  }
  if (!compiled.html || !/<body/i.test(compiled.html))
    throw new ValidationError({ mjml: ['crm.templates.invalid_mjml'] });
  const text = convert(compiled.html, {
    wordwrap: 100,
    selectors: [
      { selector: 'img', format: 'skip' },
      { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
    ],
  });
  return {
    html: compiled.html,
    text,
    warnings: compiled.errors.map((e) => e.formattedMessage ?? e.message).slice(0, 20),
  };
}

function templateView(t: Template) {
  return {
    id: t.id,
    name: t.name,
    subject: t.subject,
    mjml: t.mjml,
    design: t.design ?? null,
    html: t.html,
    text: t.text,
    created_at: t.createdAt.toISOString(),
    updated_at: t.updatedAt.toISOString(),
  };
}

/** Templates (newest change first), without their bodies. */
export async function listTemplates(
  deps: Pick<AppDeps, 'database'>,
  q: string | undefined,
  page: number,
  limit: number,
) {
  const where = q ? sql`${crmTemplates.name} ilike ${containsPattern(q)}` : undefined;
  const [rows, [count]] = await Promise.all([
    deps.database.db
      .select({
        id: crmTemplates.id,
        name: crmTemplates.name,
        subject: crmTemplates.subject,
        created_at: crmTemplates.createdAt,
        updated_at: crmTemplates.updatedAt,
      })
      .from(crmTemplates)
      .where(where)
      .orderBy(sql`${crmTemplates.updatedAt} desc`, asc(crmTemplates.id))
      .limit(limit)
      .offset((page - 1) * limit),
    deps.database.db.select({ total: sql<number>`count(*)::int` }).from(crmTemplates).where(where),
  ]);
  return {
    rows: rows.map((r) => ({
      ...r,
      created_at: r.created_at.toISOString(),
      updated_at: r.updated_at.toISOString(),
    })),
    total: count?.total ?? 0,
  };
}

/** One template with its design, MJML, HTML and text. @throws NotFoundError */
export async function getTemplate(deps: Pick<AppDeps, 'database'>, id: number) {
  const [row] = await deps.database.db.select().from(crmTemplates).where(eq(crmTemplates.id, id));
  if (!row) throw new NotFoundError('crm.templates.not_found');
  return templateView(row);
}

/**
 * Create (`id` undefined) or update a template: compiled first, so a template that does not compile
 * or uses unknown merge tags is refused and nothing changes.
 * @throws ValidationError (compile, `crm.templates.name_taken` under `name`); NotFoundError on update
 */
export async function saveTemplate(
  deps: TemplateDeps,
  id: number | undefined,
  input: TemplateSave,
  actor: AuditActor,
) {
  if (input.design && JSON.stringify(input.design).length > 2_000_000)
    throw new ValidationError({ design: ['validation.too_long'] });
  const compiled = await compileTemplate(input);
  const adminId = actor.type === 'admin' ? (actor.id ?? null) : null;
  const values = {
    name: input.name,
    subject: input.subject,
    design: input.design,
    mjml: input.mjml,
    html: compiled.html,
    text: compiled.text,
    updatedBy: adminId,
    updatedAt: deps.clock.now(),
  };
  return withTransaction(deps.database, async (tx) => {
    const taken = await tx.db
      .select({ id: crmTemplates.id })
      .from(crmTemplates)
      .where(sql`lower(${crmTemplates.name}) = lower(${input.name}) and ${crmTemplates.id} <> ${id ?? 0}`);
    if (taken.length > 0) throw new ValidationError({ name: ['crm.templates.name_taken'] });
    let row: Template | undefined;
    if (id === undefined) {
      [row] = await tx.db
        .insert(crmTemplates)
        .values({ ...values, createdBy: adminId, createdAt: deps.clock.now() })
        .onConflictDoNothing()
        .returning();
      if (!row) throw new ValidationError({ name: ['crm.templates.name_taken'] });
    } else {
      try {
        [row] = await tx.db.update(crmTemplates).set(values).where(eq(crmTemplates.id, id)).returning();
      } catch (error) {
        if ((error as { cause?: { code?: string } }).cause?.code === '23505')
          throw new ValidationError({ name: ['crm.templates.name_taken'] });
        throw error;
      }
      if (!row) throw new NotFoundError('crm.templates.not_found');
    }
    await audit(
      deps.database,
      actor,
      {
        action: id === undefined ? 'crm.template_create' : 'crm.template_update',
        targetType: 'crm_template',
        targetId: row.id,
      },
      tx,
    );
    return { ...templateView(row), warnings: compiled.warnings };
  });
}

/** Delete a template. @throws NotFoundError */
export async function deleteTemplate(deps: Pick<AppDeps, 'database'>, id: number, actor: AuditActor) {
  await withTransaction(deps.database, async (tx) => {
    const rows = await tx.db
      .delete(crmTemplates)
      .where(eq(crmTemplates.id, id))
      .returning({ id: crmTemplates.id });
    if (rows.length === 0) throw new NotFoundError('crm.templates.not_found');
    await audit(
      deps.database,
      actor,
      { action: 'crm.template_delete', targetType: 'crm_template', targetId: id },
      tx,
    );
  });
}

/** Merge values shown in previews and test sends. */
export function sampleValues(appUrl: string, senderName: string): MergeValues {
  return {
    first_name: 'Alex',
    artist_name: 'Nova Lights',
    email: 'alex@example.com',
    sender_name: senderName,
    unsubscribe_url: `${appUrl}/api/crm/unsubscribe/preview`,
  };
}

/** Compile MJML and subject without saving and write them with sample values (the editor's preview). */
export async function previewTemplate(
  deps: Pick<AppDeps, 'config'>,
  input: { subject: string; mjml: string },
) {
  const compiled = await compileTemplate(input);
  const message = renderMessage(
    { subject: input.subject, html: compiled.html, text: compiled.text },
    sampleValues(deps.config.appUrl, 'Liberty Music'),
  );
  return { ...message, warnings: compiled.warnings };
}

/**
 * Send a saved template to one address as a test: subject prefixed `[Test]`, sample merge values, from
 * the given sender (which must be usable: confirmed, verified domain, DKIM-signed) or, without one,
 * from the product's own address.
 * @throws NotFoundError; ValidationError under `sender_id` (see `assertUsableSender`)
 */
export async function sendTestMessage(
  deps: TemplateDeps,
  id: number,
  input: { email: string; sender_id?: number },
  actor: AuditActor,
) {
  const template = await getTemplate(deps, id);
  const sender = input.sender_id
    ? await assertUsableSender(deps.database, deps.config, input.sender_id)
    : null;
  const from = sender
    ? `"${sender.sender.name.replace(/["\\\r\n]/g, '')}" <${sender.sender.email}>`
    : await senderFor(deps.config.MAIL_FROM, deps.database);
  const message = renderMessage(
    template,
    sampleValues(deps.config.appUrl, sender?.sender.name ?? 'Liberty Music'),
  );
  await deps.mail.sendRaw({
    to: input.email.trim().toLowerCase(),
    from,
    subject: `[Test] ${message.subject}`,
    text: message.text,
    html: message.html,
    dkim: sender?.dkim,
  });
  await audit(deps.database, actor, {
    action: 'crm.template_test',
    targetType: 'crm_template',
    targetId: id,
  });
}
