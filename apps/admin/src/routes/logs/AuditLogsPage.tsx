import { AUDIT_TARGETS } from '@lm/contracts';
import { formatDateTime, ListScreen, usePageTitle } from '@lm/ui';
import { Badge, Code, Drawer, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AuditLog, useAuditActions } from '../../hooks/use-staff';
import { auditActionLabel, auditTargetLabel, auditTargetText } from '../../i18n/labels';

const ACTOR_COLORS: Record<string, string> = {
  admin: 'grape',
  user: 'blue',
  system: 'gray',
  guest: 'orange',
};

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

/** An audit action in words, its code below in small type (what the action filter matches). */
function ActionText({ action }: { action: string }) {
  const { t } = useTranslation();
  const label = auditActionLabel(action, t);
  return (
    <Stack gap={0}>
      <Text size="sm">{label}</Text>
      {label !== action && (
        <Text size="xs" c="dimmed" ff="monospace" dir="ltr" ta="start" style={{ overflowWrap: 'anywhere' }}>
          {action}
        </Text>
      )}
    </Stack>
  );
}

/**
 * /logs (view.main.logs.tab.list): the audit log, newest first, filtered and paged by the server
 * (actor kind, actor name or email, action, target, day range); a row opens its details.
 */
export function AuditLogsPage() {
  const { t, i18n } = useTranslation();
  usePageTitle('staff.logs.title');
  const actions = useAuditActions();
  const [open, setOpen] = useState<AuditLog | null>(null);
  const actorTypes = ['admin', 'user', 'system', 'guest'] as const;
  return (
    <>
      <ListScreen<AuditLog>
        title="staff.logs.title"
        path="admin/audit-logs"
        onRowClick={setOpen}
        filters={[
          {
            type: 'text',
            name: 'actor',
            label: 'staff.logs.actor',
            placeholder: 'staff.logs.actor_placeholder',
          },
          {
            type: 'select',
            name: 'actor_type',
            label: 'staff.logs.actor_type',
            options: actorTypes.map((a) => ({ value: a, label: t(`staff.logs.actor_${a}`) })),
          },
          {
            type: 'select',
            name: 'action',
            label: 'staff.logs.action',
            options: (actions.data ?? []).map((a) => ({ value: a, label: auditActionLabel(a, t) })),
          },
          {
            type: 'select',
            name: 'target_type',
            label: 'staff.logs.target_type',
            options: AUDIT_TARGETS.map((kind) => ({ value: kind, label: auditTargetLabel(kind, t) })),
          },
          { type: 'text', name: 'target_id', label: 'staff.logs.target_id' },
          { type: 'date', name: 'from', label: 'staff.logs.from' },
          { type: 'date', name: 'to', label: 'staff.logs.to' },
        ]}
        columns={[
          {
            accessor: 'created_at',
            title: 'staff.logs.date',
            width: 150,
            render: (l) => <Text size="sm">{formatDateTime(l.created_at, i18n.language)}</Text>,
          },
          {
            accessor: 'actor',
            title: 'staff.logs.actor',
            render: (l) => (
              <Stack gap={0}>
                <Badge size="xs" variant="light" color={ACTOR_COLORS[l.actor_type] ?? 'gray'} w="fit-content">
                  {t(`staff.logs.actor_${l.actor_type}`, { defaultValue: l.actor_type })}
                </Badge>
                <Text size="sm">{l.actor_name ?? (l.actor_id ? `#${l.actor_id}` : '—')}</Text>
              </Stack>
            ),
          },
          {
            accessor: 'action',
            title: 'staff.logs.action',
            render: (l) => <ActionText action={l.action} />,
          },
          {
            accessor: 'target',
            title: 'staff.logs.target',
            visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
            render: (l) => <Text size="sm">{auditTargetText(l.target_type, l.target_id, t)}</Text>,
          },
          {
            accessor: 'ip',
            title: 'staff.logs.ip',
            visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
            render: (l) => (
              <Text size="sm" dir="ltr" span>
                {l.ip ?? '—'}
              </Text>
            ),
          },
        ]}
      />
      <Drawer
        opened={open !== null}
        onClose={() => setOpen(null)}
        position="right"
        size="lg"
        title={open ? auditActionLabel(open.action, t) : undefined}
        padding="lg"
      >
        {open && (
          <Stack gap="md" data-testid="log-detail">
            <Detail label={t('staff.logs.date')}>{formatDateTime(open.created_at, i18n.language)}</Detail>
            <Detail label={t('staff.logs.actor')}>
              {t(`staff.logs.actor_${open.actor_type}`, { defaultValue: open.actor_type })}{' '}
              {open.actor_name ?? ''} {open.actor_email ? <span dir="ltr">({open.actor_email})</span> : null}
            </Detail>
            <Detail label={t('staff.logs.action')}>
              <ActionText action={open.action} />
            </Detail>
            <Detail label={t('staff.logs.target')}>
              {auditTargetText(open.target_type, open.target_id, t)}
            </Detail>
            <Detail label={t('staff.logs.ip')}>{open.ip ?? '—'}</Detail>
            <Detail label={t('staff.logs.user_agent')}>{open.user_agent ?? '—'}</Detail>
            <Detail label={t('staff.logs.meta')}>
              <Code block dir="ltr" style={{ whiteSpace: 'pre-wrap' }}>
                {open.meta ? JSON.stringify(open.meta, null, 2) : '—'}
              </Code>
            </Detail>
          </Stack>
        )}
      </Drawer>
    </>
  );
}
