import { MERGE_TAGS } from '@lm/contracts/crm';
import { isApiError, NotFoundPage, translateMessage, usePageTitle } from '@lm/ui';
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconDeviceFloppy, IconEye, IconSend } from '@tabler/icons-react';
import type { Editor } from 'grapesjs';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { type RenderedTemplate, useTemplate, useTemplateActions } from '../../hooks/use-crm';
import { CrmNameField } from './CrmBits';
import { TemplatePreview } from './TemplatePreview';
import { TestSendModal } from './TemplatesPage';

/** Image placeholder drawn inline: the editor never asks the internet for anything. */
const PLACEHOLDER_IMAGE = `data:image/svg+xml;utf8,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="240"><rect width="100%" height="100%" fill="#d7e3f4"/><text x="50%" y="50%" font-family="sans-serif" font-size="24" fill="#556" text-anchor="middle" dominant-baseline="middle">600 × 240</text></svg>',
)}`;

/** Remote images that some MJML blocks start with (hero background, gallery), replaced by the placeholder. */
const REMOTE_BLOCK_IMAGE =
  /https:\/\/(?:cloud\.githubusercontent\.com|source\.unsplash\.com|via\.placeholder\.com)\/[^"'\s)]*/g;

/**
 * Makes every block of the editor start from images drawn inline, so dropping a block never asks the
 * internet for anything (the product works offline).
 */
function keepBlocksLocal(editor: Editor): void {
  for (const block of editor.Blocks.getAll()) {
    const content = block.get('content');
    if (typeof content !== 'string') continue;
    const local = content.replace(REMOTE_BLOCK_IMAGE, PLACEHOLDER_IMAGE);
    if (local !== content) block.set('content', local);
  }
}

/** What a new template starts from: a greeting with merge tags, a button and the unsubscribe link. */
const STARTER_MJML = `<mjml>
  <mj-body background-color="#f4f5f7">
    <mj-section background-color="#ffffff" padding="24px">
      <mj-column>
        <mj-text font-size="20px" font-weight="bold">Hello {{first_name | "there"}},</mj-text>
        <mj-text font-size="15px" line-height="1.5">We listened to {{artist_name}} and would love to help you reach more listeners.</mj-text>
        <mj-button background-color="#5b4cdb" href="https://liberty.test">Discover Liberty Music</mj-button>
      </mj-column>
    </mj-section>
    <mj-section padding="12px">
      <mj-column>
        <mj-text font-size="12px" color="#667085" align="center">{{sender_name}} · <a href="{{unsubscribe_url}}">Unsubscribe</a></mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;

/**
 * /crm/template-design/editor (crm.templates.add) and /crm/template-design/editor/edit?id=… (crm.templates.edit):
 * the drag-and-drop e-mail designer, GrapesJS with its MJML plugin, loaded only on this route (its own
 * chunk) and mounted imperatively in a ref (GrapesJS owns that DOM; React 19 never renders into it).
 * It works offline: no remote storage, fonts or images. Saving sends the design JSON and the MJML; the
 * server compiles and checks them (merge tags, unsubscribe link) and answers the preview.
 */
export function TemplateEditorPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const idParam = params.get('id');
  const id = idParam ? Number(idParam) : null;
  const editing = id !== null;
  usePageTitle(editing ? 'crm.templates.edit' : 'crm.templates.new');
  const template = useTemplate(id);
  const actions = useTemplateActions();
  const container = useRef<HTMLDivElement>(null);
  const editorRef = useRef<Editor | null>(null);
  const [ready, setReady] = useState(false);
  const [name, setName] = useState('');
  const [subject, setSubject] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [preview, setPreview] = useState<RenderedTemplate | null>(null);
  const [testing, setTesting] = useState(false);
  const loaded = !editing || template.data !== undefined;
  // The editor is built once per template; a refetch after saving must not rebuild it.
  const initial = useRef(template.data);
  initial.current ??= template.data;
  const templateId = template.data?.id;

  useEffect(() => {
    if (template.data) {
      setName(template.data.name);
      setSubject(template.data.subject);
    }
  }, [template.data]);

  useEffect(() => {
    if (!loaded || !container.current) return;
    let cancelled = false;
    let editor: Editor | null = null;
    (async () => {
      const [{ default: grapesjs }, { default: mjmlPlugin }] = await Promise.all([
        import('grapesjs'),
        import('grapesjs-mjml'),
        import('grapesjs/dist/css/grapes.min.css'),
        // The toolbar's icons: Font Awesome 4.7 (the version GrapesJS names), bundled with its fonts.
        import('font-awesome/css/font-awesome.min.css'),
      ]);
      if (cancelled || !container.current) return;
      const design = initial.current?.design;
      editor = grapesjs.init({
        container: container.current,
        height: '70vh',
        fromElement: false,
        storageManager: false,
        // GrapesJS would link Font Awesome from a CDN: the security policy refuses it and offline it fails.
        cssIcons: '',
        assetManager: { upload: false },
        plugins: [mjmlPlugin],
        pluginsOpts: {
          [mjmlPlugin as unknown as string]: { imagePlaceholderSrc: PLACEHOLDER_IMAGE, fonts: {} },
        },
        ...(design ? { projectData: design } : { components: initial.current?.mjml ?? STARTER_MJML }),
      });
      keepBlocksLocal(editor);
      editorRef.current = editor;
      setReady(true);
    })();
    return () => {
      cancelled = true;
      editor?.destroy();
      editorRef.current = null;
      setReady(false);
    };
  }, [loaded, templateId]);

  const current = () => {
    const editor = editorRef.current;
    if (!editor) return null;
    const code = editor.runCommand('mjml-code') as string | undefined;
    return {
      mjml: typeof code === 'string' && code.trim() ? code : editor.getHtml(),
      design: editor.getProjectData() as unknown as Record<string, unknown>,
    };
  };
  const messages = (error: unknown) =>
    isApiError(error)
      ? error.errors
        ? Object.values(error.errors).map((m) => translateMessage(m[0] ?? ''))
        : [error.message]
      : [];

  const save = async () => {
    const content = current();
    if (!content) return;
    setErrors([]);
    try {
      const saved = await actions.save.mutateAsync({ id: id ?? undefined, name, subject, ...content });
      if (!editing) navigate(`/crm/template-design/editor/edit?id=${saved.id}`, { replace: true });
    } catch (error) {
      setErrors(messages(error));
    }
  };
  const showPreview = async () => {
    const content = current();
    if (!content) return;
    setErrors([]);
    try {
      setPreview(await actions.preview.mutateAsync({ subject: subject || '—', mjml: content.mjml }));
    } catch (error) {
      setErrors(messages(error));
    }
  };

  if (editing && template.isError) return <NotFoundPage />;
  return (
    <Stack gap="md" data-testid="template-editor">
      <Group justify="space-between">
        <Group gap="sm">
          <Button
            component={Link}
            to="/crm/template-design"
            variant="subtle"
            leftSection={<IconArrowLeft size={16} />}
          >
            {t('crm.templates.title')}
          </Button>
          <Title order={3}>{t(editing ? 'crm.templates.edit' : 'crm.templates.new')}</Title>
        </Group>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconEye size={16} />}
            onClick={showPreview}
            disabled={!ready}
            data-testid="editor-preview"
          >
            {t('crm.templates.preview')}
          </Button>
          {editing && (
            <Button variant="default" leftSection={<IconSend size={16} />} onClick={() => setTesting(true)}>
              {t('crm.templates.test_send')}
            </Button>
          )}
          <Button
            leftSection={<IconDeviceFloppy size={16} />}
            onClick={save}
            loading={actions.save.isPending}
            disabled={!ready || !name.trim() || !subject.trim()}
            data-testid="editor-save"
          >
            {t('crm.templates.save')}
          </Button>
        </Group>
      </Group>
      <Group grow align="flex-start">
        <CrmNameField
          label={t('crm.templates.name')}
          value={name}
          onChange={setName}
          data-testid="template-name"
        />
        <TextInput
          label={t('crm.templates.subject')}
          value={subject}
          onChange={(e) => setSubject(e.currentTarget.value)}
          maxLength={200}
          required
          data-testid="template-subject"
        />
      </Group>
      <Group gap={6}>
        <Text size="xs" c="dimmed">
          {t('crm.templates.merge_tags')}
        </Text>
        {MERGE_TAGS.map((tag) => (
          <Badge key={tag} variant="light" color="gray" tt="none" dir="ltr">
            {`{{${tag}}}`}
          </Badge>
        ))}
        <Text size="xs" c="dimmed" data-testid="merge-tag-fallback-hint">
          {t('crm.templates.fallback_hint', {
            example: `{{first_name | "${t('crm.campaigns.confirm.fallback_example')}"}}`,
          })}
        </Text>
      </Group>
      {errors.length > 0 && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} data-testid="editor-errors">
          {errors.map((e) => (
            <Text key={e} size="sm">
              {e}
            </Text>
          ))}
        </Alert>
      )}
      <Paper withBorder style={{ overflow: 'hidden', minHeight: '70vh' }} dir="ltr">
        {!ready && (
          <Group justify="center" p="xl">
            <Loader />
          </Group>
        )}
        <div ref={container} data-testid="grapesjs-canvas" />
      </Paper>
      <Modal
        opened={preview !== null}
        onClose={() => setPreview(null)}
        title={t('crm.templates.preview')}
        size={760}
        centered
      >
        {preview && <TemplatePreview rendered={preview} />}
      </Modal>
      <TestSendModal id={testing ? id : null} onClose={() => setTesting(false)} />
    </Stack>
  );
}
