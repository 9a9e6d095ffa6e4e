import { API_KEY_LIMITS, API_SCOPES, type ApiKeyStatus, type ApiScope } from '@lm/contracts/api-keys';
import type { ApiKey, CreatedApiKey } from '@lm/contracts/api-keys-api';
import { createStaffApiKeySchema } from '@lm/contracts/api-keys-api';
import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Chip,
  Code,
  CopyButton,
  Group,
  Modal,
  MultiSelect,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy, IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../components/confirm';
import { applyServerErrors } from '../forms/server-errors';
import { fieldError, useZodForm } from '../forms/use-zod-form';
import { formatDate, formatDateTime, formatRelative } from '../i18n/format';
import { ListTable } from '../list/ListTable';

/** What a new key is made with: a user's key has no permissions (the API refuses them). */
export interface NewApiKey {
  name: string;
  scopes: ApiScope[];
  expires_in_days: number;
  permissions: string[];
}

export interface ApiKeysPanelProps {
  /** The account's keys (undefined while loading). */
  keys: ApiKey[] | undefined;
  loading: boolean;
  /** Creates a key; rejects with the API's error (its field errors are shown under the fields). */
  create: (body: NewApiKey) => Promise<CreatedApiKey>;
  creating: boolean;
  /** Revokes a key (asked for after a confirmation); absent in {@link ApiKeysList}: no revoke button. */
  revoke?: (id: number) => void;
  revokingId?: number;
  /**
   * Back-office: the staff member's own permissions, offered for a staff key (value: the permission
   * name, label: its words). Absent in the user app.
   */
  permissions?: { value: string; label: string }[];
}

/** The panel's words for whose keys they are: a user's (their own records) or a staff member's. */
const textKey = (staff: boolean, key: string) => (staff ? `apiKeys.staff_${key}` : `apiKeys.${key}`);

/**
 * The keys as a list (name, prefix, scopes, expiry, last use and address, status), with a revoke
 * button on active keys after a confirmation when `revoke` is given.
 */
export function ApiKeysList({
  keys,
  loading,
  revoke,
  revokingId,
}: Pick<ApiKeysPanelProps, 'keys' | 'loading' | 'revoke' | 'revokingId'>) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const askRevoke = async (key: ApiKey) => {
    const ok = await confirmAction({
      title: t('apiKeys.revoke_title'),
      message: t('apiKeys.revoke_text', { name: key.name }),
      confirmLabel: t('apiKeys.revoke'),
      danger: true,
    });
    if (ok) revoke?.(key.id);
  };
  return (
    <div data-testid="api-keys-table">
      <ListTable<ApiKey>
        records={keys ?? []}
        fetching={loading}
        minHeight={keys?.length ? undefined : 120}
        noRecordsText={t('apiKeys.empty')}
        verticalSpacing="sm"
        columns={[
          {
            accessor: 'name',
            title: t('apiKeys.name'),
            render: (k) => (
              <Stack gap={2}>
                <Text size="sm" fw={500}>
                  {k.name}
                </Text>
                <Code dir="ltr">{k.prefix}…</Code>
              </Stack>
            ),
          },
          {
            accessor: 'scopes',
            title: t('apiKeys.scopes'),
            render: (k) => (
              <Group gap={4}>
                {k.scopes.map((s) => (
                  <Badge key={s} variant="outline" size="sm" style={{ textTransform: 'none' }} dir="ltr">
                    {s}
                  </Badge>
                ))}
                {k.permissions.length > 0 && (
                  <Badge variant="light" size="sm" color="grape" style={{ textTransform: 'none' }}>
                    {t('apiKeys.permission_count', { n: k.permissions.length })}
                  </Badge>
                )}
              </Group>
            ),
          },
          {
            accessor: 'expires_at',
            title: t('apiKeys.expires'),
            render: (k) => <Text size="sm">{formatDate(k.expires_at, lang)}</Text>,
          },
          {
            accessor: 'last_used_at',
            title: t('apiKeys.last_used'),
            render: (k) =>
              k.last_used_at ? (
                <Stack gap={0}>
                  <Text size="sm" title={formatDateTime(k.last_used_at, lang)}>
                    {formatRelative(k.last_used_at, lang)}
                  </Text>
                  <Text size="xs" c="dimmed" dir="ltr">
                    {k.last_used_ip}
                  </Text>
                </Stack>
              ) : (
                <Text size="sm" c="dimmed">
                  {t('apiKeys.never_used')}
                </Text>
              ),
          },
          {
            accessor: 'status',
            title: t('apiKeys.status'),
            render: (k) => (
              <Badge color={STATUS_COLOR[k.status]} variant="light" data-testid="api-key-status">
                {t(`apiKeys.status_${k.status}`)}
              </Badge>
            ),
          },
          {
            accessor: 'actions',
            title: '',
            render: (k) =>
              revoke &&
              k.status === 'active' && (
                <Button
                  variant="subtle"
                  color="red"
                  size="xs"
                  loading={revokingId === k.id}
                  onClick={() => void askRevoke(k)}
                  data-testid="api-key-revoke"
                >
                  {t('apiKeys.revoke')}
                </Button>
              ),
          },
        ]}
      />
    </div>
  );
}

const STATUS_COLOR: Record<ApiKeyStatus, string> = { active: 'teal', expired: 'gray', revoked: 'red' };
const scopeSlug = (scope: ApiScope) => scope.replace(':', '_');

/**
 * An account's API keys (issue 34), the same panel in both apps: the create form (name, scopes each with
 * a line saying what it opens, lifetime; in the back-office the permissions too), the new key shown once
 * with a copy button and a warning, and the list (name, prefix, scopes, expiry, last use and address,
 * status) with revoke after a confirmation.
 */
export function ApiKeysPanel({
  keys,
  loading,
  create,
  creating,
  revoke,
  revokingId,
  permissions,
}: ApiKeysPanelProps) {
  const { t } = useTranslation();
  const [shown, setShown] = useState<CreatedApiKey | null>(null);
  const form = useZodForm(createStaffApiKeySchema, {
    defaultValues: { name: '', scopes: [], expires_in_days: 90, permissions: [] },
  });

  const submit = form.handleSubmit(async (values) => {
    try {
      const made = await create({ ...values, permissions: permissions ? values.permissions : [] });
      setShown(made);
      form.reset();
    } catch (error) {
      applyServerErrors(error, form.setError, ['name', 'scopes', 'expires_in_days', 'permissions']);
    }
  });

  return (
    <Stack gap="lg" data-testid="api-keys">
      <Text c="dimmed" size="sm">
        {t(textKey(Boolean(permissions), 'intro'))}
      </Text>
      <Card padding="lg" radius="md" withBorder>
        <form onSubmit={submit} noValidate data-testid="api-key-form">
          <Stack gap="md">
            <Title order={4}>{t('apiKeys.create_title')}</Title>
            <TextInput
              label={t('apiKeys.name')}
              placeholder={t('apiKeys.name_placeholder')}
              maxLength={API_KEY_LIMITS.nameMax}
              error={fieldError(form.formState.errors.name)}
              data-testid="api-key-name"
              {...form.register('name')}
            />
            <Controller
              control={form.control}
              name="scopes"
              render={({ field, fieldState }) => (
                <Checkbox.Group
                  label={t('apiKeys.scopes')}
                  value={field.value as string[]}
                  onChange={(v) => field.onChange(API_SCOPES.filter((s) => v.includes(s)))}
                  error={fieldError(fieldState.error)}
                >
                  <Stack gap="xs" mt="xs">
                    {API_SCOPES.map((scope) => (
                      <Checkbox
                        key={scope}
                        value={scope}
                        data-testid={`api-key-scope-${scopeSlug(scope)}`}
                        label={
                          <span>
                            <Code>{scope}</Code>{' '}
                            {t(textKey(Boolean(permissions), `scope_${scopeSlug(scope)}`))}
                          </span>
                        }
                      />
                    ))}
                  </Stack>
                </Checkbox.Group>
              )}
            />
            {permissions && (
              <Controller
                control={form.control}
                name="permissions"
                render={({ field, fieldState }) => (
                  <MultiSelect
                    label={t('apiKeys.permissions')}
                    description={t('apiKeys.permissions_hint')}
                    data={permissions}
                    value={field.value as string[]}
                    onChange={field.onChange}
                    searchable
                    clearable
                    error={fieldError(fieldState.error)}
                    data-testid="api-key-permissions"
                  />
                )}
              />
            )}
            <Controller
              control={form.control}
              name="expires_in_days"
              render={({ field, fieldState }) => (
                <Stack gap={4}>
                  <Text size="sm" fw={500}>
                    {t('apiKeys.expiry')}
                  </Text>
                  <Chip.Group value={String(field.value)} onChange={(v) => field.onChange(Number(v))}>
                    <Group gap="xs" data-testid="api-key-expiry">
                      {API_KEY_LIMITS.expiryDays.map((d) => (
                        <Chip key={d} value={String(d)} variant="outline">
                          {t(`apiKeys.days_${d}`)}
                        </Chip>
                      ))}
                    </Group>
                  </Chip.Group>
                  {fieldState.error && (
                    <Text size="xs" c="red">
                      {fieldError(fieldState.error)}
                    </Text>
                  )}
                </Stack>
              )}
            />
            <Group>
              <Button
                type="submit"
                loading={creating}
                leftSection={<IconKey size={16} />}
                data-testid="api-key-create"
              >
                {t('apiKeys.create')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>

      <Card padding="lg" radius="md" withBorder>
        <Title order={4} mb="md">
          {t('apiKeys.list_title')}
        </Title>
        <ApiKeysList keys={keys} loading={loading} revoke={revoke} revokingId={revokingId} />
      </Card>

      <Modal
        opened={shown !== null}
        onClose={() => setShown(null)}
        title={t('apiKeys.secret_title')}
        centered
        size="lg"
        closeOnClickOutside={false}
      >
        {shown && (
          <Stack gap="md" data-testid="api-key-secret">
            <Alert color="yellow" icon={<IconAlertTriangle size={18} />}>
              {t('apiKeys.secret_warning')}
            </Alert>
            <Code
              block
              dir="ltr"
              style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}
              data-testid="api-key-secret-value"
            >
              {shown.secret}
            </Code>
            <Group justify="space-between">
              <CopyButton value={shown.secret}>
                {({ copied, copy }) => (
                  <Button
                    variant="light"
                    color={copied ? 'teal' : undefined}
                    leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                    onClick={copy}
                    data-testid="api-key-copy"
                  >
                    {t(copied ? 'apiKeys.copied' : 'apiKeys.copy')}
                  </Button>
                )}
              </CopyButton>
              <Button onClick={() => setShown(null)} data-testid="api-key-done">
                {t('apiKeys.done')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
