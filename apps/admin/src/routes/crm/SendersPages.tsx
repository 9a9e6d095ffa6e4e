import {
  DNS_CHECK_STATUSES,
  dnsCheckStatusId,
  SENDER_DOMAIN_STATUSES,
  SENDER_STATUSES,
} from '@lm/contracts/crm';
import {
  confirmAction,
  EmptyState,
  formatDateTime,
  isApiError,
  NumberField,
  StatusBadge,
  translateMessage,
  usePageTitle,
} from '@lm/ui';
import {
  ActionIcon,
  Button,
  Code,
  CopyButton,
  Group,
  Loader,
  Modal,
  Paper,
  PinInput,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddButton } from '../../components/AddButton';
import { FormActions } from '../../components/FormActions';
import { RowsTable } from '../../components/RowsTable';
import { UserCell } from '../../components/UserCell';
import {
  type Sender,
  type SenderDomain,
  useSenderActions,
  useSenderDomains,
  useSenders,
} from '../../hooks/use-crm';
import { CrmMarketingNav, CrmNameField } from './CrmBits';

function fieldError(error: unknown, field: string): string | null {
  if (!isApiError(error)) return null;
  const message = error.errors?.[field]?.[0];
  return message ? translateMessage(message) : error.message;
}

function CopyValue({ value }: { value: string }) {
  const { t } = useTranslation();
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? t('crm.senders.copied') : t('crm.senders.copy')}>
          <ActionIcon variant="subtle" onClick={copy} aria-label={t('crm.senders.copy')}>
            {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}

/** One sender ID: its status, the records to publish with each check's result, and its actions. */
function DomainCard({ domain }: { domain: SenderDomain }) {
  const { t, i18n } = useTranslation();
  const actions = useSenderActions();
  return (
    <Paper withBorder p="md" data-testid="sender-domain">
      <Stack gap="sm">
        <Group justify="space-between">
          <Group gap="sm">
            <Title order={4} dir="ltr">
              {domain.domain}
            </Title>
            <StatusBadge
              id={domain.verified ? 2 : 1}
              map={SENDER_DOMAIN_STATUSES}
              data-testid="domain-status"
            />
          </Group>
          <Group gap="xs">
            {domain.dns === 'sandbox' && !domain.verified && (
              <Button
                size="xs"
                variant="default"
                onClick={() => actions.publishSandbox.mutate(domain.id)}
                loading={actions.publishSandbox.isPending}
                data-testid="domain-publish-sandbox"
              >
                {t('crm.senders.publish_sandbox')}
              </Button>
            )}
            <Button
              size="xs"
              leftSection={<IconRefresh size={14} />}
              onClick={() => actions.checkDomain.mutate(domain.id)}
              loading={actions.checkDomain.isPending}
              data-testid="domain-check"
            >
              {t('crm.senders.check')}
            </Button>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('crm.senders.delete_domain')}
              onClick={async () => {
                if (
                  await confirmAction({
                    title: t('crm.senders.delete_domain'),
                    message: t('crm.senders.delete_domain_confirm', { domain: domain.domain }),
                    danger: true,
                  })
                )
                  actions.deleteDomain.mutate(domain.id);
              }}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        </Group>
        <Text size="sm" c="dimmed">
          {domain.checked_at
            ? t('crm.senders.checked_at', { date: formatDateTime(domain.checked_at, i18n.language) })
            : t('crm.senders.never_checked')}
        </Text>
        <Table.ScrollContainer minWidth={640}>
          <RowsTable
            withTableBorder
            rows={domain.records}
            rowKey={(record) => record.kind}
            columns={[
              {
                title: t('crm.senders.record'),
                cell: (record) => `${record.kind.toUpperCase()} (${record.type})`,
              },
              {
                title: t('crm.senders.record_name'),
                td: { dir: 'ltr' },
                cell: (record) => (
                  <Group gap={4} wrap="nowrap">
                    <Code>{record.name}</Code>
                    <CopyValue value={record.name} />
                  </Group>
                ),
              },
              {
                title: t('crm.senders.record_value'),
                td: { dir: 'ltr', style: { maxWidth: 360 } },
                cell: (record) => (
                  <Group gap={4} wrap="nowrap" align="flex-start">
                    <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
                      {record.value}
                    </Code>
                    <CopyValue value={record.value} />
                  </Group>
                ),
              },
              {
                title: t('crm.senders.result'),
                cell: (record) => {
                  const check = domain.checks[record.kind];
                  return check ? (
                    <StatusBadge
                      id={dnsCheckStatusId(check.status)}
                      map={DNS_CHECK_STATUSES}
                      data-testid={`check-${record.kind}`}
                    />
                  ) : (
                    '—'
                  );
                },
              },
            ]}
          />
        </Table.ScrollContainer>
      </Stack>
    </Paper>
  );
}

/**
 * /crm/senders-id (crm.marketing.show): the sender IDs (domains), each with the SPF, DKIM and DMARC
 * records to publish and the result of the last DNS check; staff add a domain and check it again. With
 * the sandbox DNS (dev) a button publishes the records as a domain owner would.
 */
export function SenderIdsPage() {
  const { t } = useTranslation();
  usePageTitle('crm.senders.ids_title');
  const domains = useSenderDomains();
  const actions = useSenderActions();
  const [domain, setDomain] = useState('');
  return (
    <Stack gap="md">
      <CrmMarketingNav />
      <Title order={2}>{t('crm.senders.ids_title')}</Title>
      <Text c="dimmed" size="sm">
        {t('crm.senders.ids_hint')}
      </Text>
      <Group align="flex-start" gap="sm">
        <TextInput
          placeholder="example.com"
          value={domain}
          onChange={(e) => setDomain(e.currentTarget.value)}
          dir="ltr"
          w={280}
          aria-label={t('crm.senders.domain')}
          error={fieldError(actions.addDomain.error, 'domain')}
          data-testid="domain-input"
        />
        <AddButton
          disabled={!domain.trim()}
          loading={actions.addDomain.isPending}
          onClick={() => actions.addDomain.mutate(domain.trim(), { onSuccess: () => setDomain('') })}
          data-testid="domain-add"
        >
          {t('crm.senders.add_domain')}
        </AddButton>
      </Group>
      {domains.isLoading ? (
        <Loader />
      ) : (domains.data ?? []).length === 0 ? (
        <EmptyState title={t('crm.senders.no_domains')} hint={t('crm.senders.no_domains_hint')} />
      ) : (
        (domains.data ?? []).map((d) => <DomainCard key={d.id} domain={d} />)
      )}
    </Stack>
  );
}

function ConfirmModal({ sender, onClose }: { sender: Sender | null; onClose(): void }) {
  const { t } = useTranslation();
  const actions = useSenderActions();
  const [code, setCode] = useState('');
  const close = () => {
    setCode('');
    actions.confirm.reset();
    onClose();
  };
  return (
    <Modal opened={sender !== null} onClose={close} title={t('crm.senders.confirm_title')} centered>
      {sender && (
        <Stack gap="md" data-testid="sender-confirm">
          <Text size="sm">{t('crm.senders.confirm_hint', { email: sender.email })}</Text>
          <Group justify="center" dir="ltr">
            <PinInput
              length={6}
              type="number"
              oneTimeCode
              value={code}
              onChange={setCode}
              data-testid="sender-code"
            />
          </Group>
          {fieldError(actions.confirm.error, 'code') && (
            <Text c="red" size="sm">
              {fieldError(actions.confirm.error, 'code')}
            </Text>
          )}
          <Group justify="space-between">
            <Button
              variant="subtle"
              onClick={() => actions.resend.mutate(sender.id)}
              loading={actions.resend.isPending}
            >
              {t('crm.senders.resend')}
            </Button>
            <Button
              disabled={code.length !== 6}
              loading={actions.confirm.isPending}
              onClick={() => actions.confirm.mutate({ id: sender.id, code }, { onSuccess: close })}
              data-testid="sender-confirm-submit"
            >
              {t('crm.senders.confirm')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/**
 * /crm/senders (crm.marketing.show): the From addresses, each confirmed by a code mailed to it, with
 * whether its domain is a verified sender ID (a campaign may use a sender only when both hold).
 */
export function SendersPage() {
  const { t } = useTranslation();
  usePageTitle('crm.senders.title');
  const senders = useSenders();
  const actions = useSenderActions();
  const [adding, setAdding] = useState(false);
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [rate, setRate] = useState<number | null>(600);
  const [confirming, setConfirming] = useState<Sender | null>(null);
  const add = () =>
    actions.addSender.mutate(
      {
        email: email.trim(),
        name: name.trim(),
        rate_per_minute: rate ?? undefined,
      },
      {
        onSuccess: (sender) => {
          setAdding(false);
          setEmail('');
          setName('');
          setConfirming(sender);
        },
      },
    );
  return (
    <Stack gap="md">
      <CrmMarketingNav />
      <Group justify="space-between">
        <Title order={2}>{t('crm.senders.title')}</Title>
        <AddButton onClick={() => setAdding(true)} data-testid="sender-new">
          {t('crm.senders.add_sender')}
        </AddButton>
      </Group>
      {senders.isLoading ? (
        <Loader />
      ) : (senders.data ?? []).length === 0 ? (
        <EmptyState title={t('crm.senders.no_senders')} hint={t('crm.senders.no_senders_hint')} />
      ) : (
        <Paper withBorder>
          <Table.ScrollContainer minWidth={640}>
            <RowsTable
              data-testid="senders-table"
              rows={senders.data ?? []}
              rowKey={(s) => s.id}
              rowProps={() => ({ 'data-testid': 'sender-row' })}
              columns={[
                { title: t('crm.senders.sender'), cell: (s) => <UserCell user={s} fw={600} /> },
                {
                  title: t('crm.senders.status'),
                  cell: (s) => (
                    <StatusBadge id={s.confirmed ? 2 : 1} map={SENDER_STATUSES} data-testid="sender-status" />
                  ),
                },
                {
                  title: t('crm.senders.domain'),
                  cell: (s) => (
                    <Group gap="xs">
                      <Text size="sm" dir="ltr">
                        {s.domain}
                      </Text>
                      <StatusBadge id={s.domain_verified ? 2 : 1} map={SENDER_DOMAIN_STATUSES} />
                    </Group>
                  ),
                },
                {
                  title: t('crm.senders.rate'),
                  cell: (s) => t('crm.senders.rate_value', { rate: s.rate_per_minute }),
                },
                {
                  cell: (s) => (
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      {!s.confirmed && (
                        <Button
                          size="xs"
                          variant="light"
                          onClick={() => setConfirming(s)}
                          data-testid="sender-enter-code"
                        >
                          {t('crm.senders.enter_code')}
                        </Button>
                      )}
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('crm.senders.delete_sender')}
                        onClick={async () => {
                          if (
                            await confirmAction({
                              title: t('crm.senders.delete_sender'),
                              message: t('crm.senders.delete_sender_confirm', { email: s.email }),
                              danger: true,
                            })
                          )
                            actions.deleteSender.mutate(s.id);
                        }}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Group>
                  ),
                },
              ]}
            />
          </Table.ScrollContainer>
        </Paper>
      )}
      <Text size="xs" c="dimmed">
        {t('crm.senders.rule')}
      </Text>
      <Modal opened={adding} onClose={() => setAdding(false)} title={t('crm.senders.add_sender')} centered>
        <Stack gap="md" data-testid="sender-form">
          <TextInput
            label={t('crm.fields.email')}
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            dir="ltr"
            required
            error={fieldError(actions.addSender.error, 'email')}
            data-testid="sender-email"
          />
          <CrmNameField
            label={t('crm.senders.display_name')}
            value={name}
            onChange={setName}
            data-testid="sender-name"
          />
          <NumberField
            label={t('crm.senders.rate')}
            description={t('crm.senders.rate_hint')}
            value={rate}
            onChange={setRate}
            allowDecimal={false}
            allowNegative={false}
            error={fieldError(actions.addSender.error, 'rate_per_minute')}
          />
          <FormActions
            onCancel={() => setAdding(false)}
            onClick={add}
            loading={actions.addSender.isPending}
            disabled={!email.trim() || !name.trim()}
            data-testid="sender-add"
          >
            {t('crm.senders.send_code')}
          </FormActions>
        </Stack>
      </Modal>
      <ConfirmModal sender={confirming} onClose={() => setConfirming(null)} />
    </Stack>
  );
}
