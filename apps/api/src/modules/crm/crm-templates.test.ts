import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminTestApp } from '../../test/admin-app';
import type { TestContext } from '../../test/harness';
import { SAMPLE_MJML } from './crm.test-helpers';
import { compileTemplate, renderMessage } from './crm-templates.service';

let ctx: TestContext;
let token: string;

beforeAll(async () => {
  ({ ctx, token } = await createAdminTestApp());
});
afterAll(() => ctx.close());

describe('compiling and writing templates', () => {
  it('compiles MJML to HTML and a plain-text part, keeping the merge tags for each recipient', async () => {
    const compiled = await compileTemplate({ subject: 'Hi {{first_name}}', mjml: SAMPLE_MJML });
    expect(compiled.html).toContain('<!doctype html>');
    expect(compiled.html).toContain('{{first_name}}');
    expect(compiled.html).toContain('href="{{unsubscribe_url}}"');
    expect(compiled.text).toContain('Hello {{first_name}}, news for {{artist_name}}!');
    expect(compiled.text).toContain('Unsubscribe [{{unsubscribe_url}}]');
  });

  it('escapes merge values in the HTML part and keeps the subject on one line', async () => {
    const compiled = await compileTemplate({ subject: 'Hi {{first_name}}', mjml: SAMPLE_MJML });
    const message = renderMessage(
      { subject: 'Hi {{first_name}}', html: compiled.html, text: compiled.text },
      {
        first_name: '<script>alert(1)</script>',
        artist_name: 'Tom & "Jerry"\'s',
        email: 'x@example.com',
        sender_name: 'Liberty',
        unsubscribe_url: 'https://liberty.test/u?a=1&b="2"',
      },
    );
    expect(message.html).not.toContain('<script>alert(1)</script>');
    expect(message.html).toContain('Hello &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(message.html).toContain('Tom &amp; &quot;Jerry&quot;&#39;s');
    expect(message.html).toContain('href="https://liberty.test/u?a=1&amp;b=&quot;2&quot;"');
    expect(message.text).toContain('Hello <script>alert(1)</script>, news for Tom & "Jerry"\'s!');
    const injected = renderMessage(
      { subject: 'Hi {{first_name}}', html: '', text: '' },
      {
        first_name: 'Ann\r\nBcc: victim@example.com',
        artist_name: '',
        email: '',
        sender_name: '',
        unsubscribe_url: '',
      },
    );
    expect(injected.subject).toBe('Hi Ann Bcc: victim@example.com');
  });

  it('writes the fallback of a tag whose value is empty: "Hi there," not "Hi ,"', async () => {
    const mjml = SAMPLE_MJML.replace('Hello {{first_name}},', 'Hello {{first_name | "there"}},');
    const compiled = await compileTemplate({ subject: 'Hi {{ first_name | “friend” }}', mjml });
    const values = {
      first_name: '',
      artist_name: 'Nova',
      email: 'x@example.com',
      sender_name: 'Liberty',
      unsubscribe_url: 'https://liberty.test/u',
    };
    const template = { subject: 'Hi {{ first_name | “friend” }}', html: compiled.html, text: compiled.text };
    const empty = renderMessage(template, values);
    expect(empty.subject).toBe('Hi friend');
    expect(empty.html).toContain('Hello there, news for Nova!');
    expect(empty.text).toContain('Hello there, news for Nova!');
    const named = renderMessage(template, { ...values, first_name: 'Ann' });
    expect(named.subject).toBe('Hi Ann');
    expect(named.html).toContain('Hello Ann, news for Nova!');
    // The editor writes the quotes as entities: the same tag.
    expect(
      renderMessage({ subject: '', html: 'Hi {{first_name | &quot;there&quot;}}', text: '' }, values).html,
    ).toBe('Hi there');
  });
});

describe('templates API', () => {
  it('saves design JSON and MJML, answers the compiled HTML, previews and sends a test', async () => {
    const design = { pages: [{ frames: [{ component: { type: 'mjml' } }] }] };
    const created = await ctx.call('POST', '/api/admin/crm/templates', {
      token,
      body: { name: 'Welcome', subject: 'Hello {{first_name}}', mjml: SAMPLE_MJML, design },
    });
    expect(created.statusCode, created.body).toBe(201);
    const template = created.json().data;
    expect(template).toMatchObject({ name: 'Welcome', design });
    expect(template.html).toContain('Open the offer');

    const preview = await ctx.call('GET', `/api/admin/crm/templates/${template.id}/preview`, { token });
    expect(preview.json().data.subject).toBe('Hello Alex');
    expect(preview.json().data.html).toContain('Hello Alex, news for Nova Lights!');

    const test = await ctx.call('POST', `/api/admin/crm/templates/${template.id}/test`, {
      token,
      body: { email: 'Tester@Example.com' },
    });
    expect(test.statusCode, test.body).toBe(200);
    const mail = await ctx.lastMail('tester@example.com');
    expect(mail).toMatchObject({ subject: '[Test] Hello Alex' });
    expect(mail?.html).toContain('Hello Alex');
    expect(mail?.text).toContain('Hello Alex');

    const renamed = await ctx.call('PUT', `/api/admin/crm/templates/${template.id}`, {
      token,
      body: { name: 'Welcome 2', subject: 'Hi', mjml: SAMPLE_MJML, design: null },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({ name: 'Welcome 2', design: null });
  });

  it('refuses unknown merge tags, a body without the unsubscribe link, bad MJML and a taken name, changing nothing', async () => {
    const save = (body: Record<string, unknown>) =>
      ctx.call('POST', '/api/admin/crm/templates', {
        token,
        body: { name: 'Rules', subject: 'Hi', mjml: SAMPLE_MJML, ...body },
      });
    const unknownTag = await save({ mjml: SAMPLE_MJML.replace('{{artist_name}}', '{{password}}') });
    expect(unknownTag.statusCode).toBe(422);
    expect(unknownTag.json().errors.mjml).toEqual(['Unknown merge tag password']);
    const noUnsubscribe = await save({ mjml: SAMPLE_MJML.replace('{{unsubscribe_url}}', 'https://x.test') });
    expect(noUnsubscribe.json().errors.mjml).toEqual([
      'The e-mail must contain the unsubscribe link ({{unsubscribe_url}})',
    ]);
    const subjectTag = await save({ subject: 'Leave: {{unsubscribe_url}}' });
    expect(subjectTag.json().errors.subject).toEqual(['Unknown merge tag unsubscribe_url']);
    const notMjml = await save({ mjml: '<html>{{unsubscribe_url}}</html>' });
    expect(notMjml.statusCode).toBe(422);
    expect((await save({})).statusCode).toBe(201);
    const taken = await save({ name: 'RULES' });
    expect(taken.json().errors.name).toEqual(['A template already has this name']);
    const list = await ctx.call('GET', '/api/admin/crm/templates?q=Rules', { token });
    expect(list.json().data).toHaveLength(1);
  });

  it('refuses a tag written wrong (a fallback without quotes), changing nothing', async () => {
    const res = await ctx.call('POST', '/api/admin/crm/templates', {
      token,
      body: {
        name: 'Malformed fallback',
        subject: 'Hi',
        mjml: SAMPLE_MJML.replace('{{first_name}}', '{{first_name | there}}'),
      },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.mjml[0]).toBe(
      'The merge tag {{first_name | there}} is not written right: use {{first_name}} or {{first_name | "…"}}',
    );
    const list = await ctx.call('GET', '/api/admin/crm/templates?q=Malformed', { token });
    expect(list.json().data).toHaveLength(0);
  });

  it('needs crm.templates.add to create and crm.templates.edit to change', async () => {
    const editor = await ctx.makeAdmin({ permissions: ['crm.templates.edit'] });
    const editorToken = await ctx.loginAdmin(editor.email);
    const create = await ctx.call('POST', '/api/admin/crm/templates', {
      token: editorToken,
      body: { name: 'Nope', subject: 'Hi', mjml: SAMPLE_MJML },
    });
    expect(create.statusCode).toBe(403);
    expect((await ctx.call('GET', '/api/admin/crm/templates', { token: editorToken })).statusCode).toBe(200);
  });
});
