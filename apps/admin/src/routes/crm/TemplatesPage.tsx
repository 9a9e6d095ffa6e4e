import { CRM_PERMISSIONS as P, type SessionAdmin } from '@lm/contracts';
import {
  confirmAction,
  formatDateTime,
  isApiError,
  ListScreen,
  translateMessage,
  usePageTitle,
  useSession,
} from '@lm/ui';
import { ActionIcon, Group, Loader, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconEye, IconSend, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AddButton } from '../../components/AddButton';
import { FormActions } from '../../components/FormActions';
import {
  type TemplateSummary,
  useSenders,
  useTemplateActions,
  useTemplatePreview,
} from '../../hooks/use-crm';
import { CrmMarketingNav } from './CrmBits';
import { TemplatePreview } from './TemplatePreview';

function PreviewModal({ id, onClose }: { id: number | null; onClose(): void }) {
  const { t } = useTranslation();
  const preview = useTemplatePreview(id);
  return (
    <Modal opened={id !== null} onClose={onClose} title={t('crm.templates.preview')} size={760} centered>
      {preview.data ? <TemplatePreview rendered={preview.data} /> : <Loader />}
    </Modal>
  );
}

/** Send a saved template to one address, from a usable sender or the product's own address. */
export function TestSendModal({ id, onClose }: { id: number | null; onClose(): void }) {
  const { t } = useTranslation();
  const actions = useTemplateActions();
  const senders = useSenders();
  const [email, setEmail] = useState('');
  const [senderId, setSenderId] = useState<string | null>(null);
  const close = () => {
    actions.test.reset();
    onClose();
  };
  const error = actions.test.error;
  return (
    <Modal opened={id !== null} onClose={close} title={t('crm.templates.test_send')} centered>
      <Stack gap="md" data-testid="template-test">
        <TextInput
          label={t('crm.fields.email')}
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          dir="ltr"
          error={
            isApiError(error) ? translateMessage(error.errors?.email?.[0] ?? '') || undefined : undefined
          }
          data-testid="test-email"
        />
        <Select
          label={t('crm.templates.test_sender')}
          placeholder={t('crm.templates.product_sender')}
          data={(senders.data ?? [])
            .filter((s) => s.usable)
            .map((s) => ({ value: String(s.id), label: `${s.name} <${s.email}>` }))}
          value={senderId}
          onChange={setSenderId}
          clearable
        />
        {isApiError(error) && error.errors?.sender_id && (
          <Text c="red" size="sm">
            {translateMessage(error.errors.sender_id[0] ?? '')}
          </Text>
        )}
        <FormActions
          onCancel={close}
          leftSection={<IconSend size={16} />}
          disabled={!email.trim() || id === null}
          loading={actions.test.isPending}
          onClick={() =>
            id !== null &&
            actions.test.mutate(
              { id, email: email.trim(), ...(senderId ? { sender_id: Number(senderId) } : {}) },
              { onSuccess: close },
            )
          }
          data-testid="test-send"
        >
          {t('crm.templates.send_test')}
        </FormActions>
      </Stack>
    </Modal>
  );
}

/**
 * /crm/template-design (crm.templates.edit): the e-mail templates; staff preview one at phone and
 * desktop width, send a test, open it in the designer, or start a new one (crm.templates.add).
 */
export function TemplatesPage() {
  const { t, i18n } = useTranslation();
  usePageTitle('crm.templates.title');
  const navigate = useNavigate();
  const session = useSession<SessionAdmin>();
  const actions = useTemplateActions();
  const [previewing, setPreviewing] = useState<number | null>(null);
  const [testing, setTesting] = useState<number | null>(null);
  return (
    <Stack gap="md">
      <CrmMarketingNav />
      <ListScreen<TemplateSummary>
        title="crm.templates.title"
        path="admin/crm/templates"
        searchable
        actions={
          session.ability.can('call', P.templatesAdd) ? (
            <AddButton onClick={() => navigate('/crm/template-design/editor')} data-testid="template-new">
              {t('crm.templates.new')}
            </AddButton>
          ) : undefined
        }
        empty={{ title: 'crm.templates.empty', hint: 'crm.templates.empty_hint' }}
        onRowClick={(tpl) => navigate(`/crm/template-design/editor/edit?id=${tpl.id}`)}
        columns={[
          { accessor: 'name', title: 'crm.templates.name', render: (r) => <Text fw={600}>{r.name}</Text> },
          { accessor: 'subject', title: 'crm.templates.subject' },
          {
            accessor: 'updated_at',
            title: 'crm.templates.updated_at',
            render: (r) => formatDateTime(r.updated_at, i18n.language),
          },
          {
            accessor: 'actions',
            title: '',
            render: (r) => (
              <Group gap={4} justify="flex-end" wrap="nowrap" onClick={(e) => e.stopPropagation()}>
                <ActionIcon
                  variant="subtle"
                  aria-label={t('crm.templates.preview')}
                  onClick={() => setPreviewing(r.id)}
                >
                  <IconEye size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  aria-label={t('crm.templates.test_send')}
                  onClick={() => setTesting(r.id)}
                  data-testid="template-test-open"
                >
                  <IconSend size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('crm.templates.delete')}
                  onClick={async () => {
                    if (
                      await confirmAction({
                        title: t('crm.templates.delete'),
                        message: t('crm.templates.delete_confirm', { name: r.name }),
                        danger: true,
                      })
                    )
                      actions.remove.mutate(r.id);
                  }}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            ),
          },
        ]}
      />
      <PreviewModal id={previewing} onClose={() => setPreviewing(null)} />
      <TestSendModal id={testing} onClose={() => setTesting(null)} />
    </Stack>
  );
}
