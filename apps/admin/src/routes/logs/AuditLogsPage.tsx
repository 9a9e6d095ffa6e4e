import { AUDIT_TARGETS, type SessionAdmin } from '@lm/contracts';
import { allows, formatDateTime, ListScreen, usePageTitle, useSession } from '@lm/ui';
import { Anchor, Badge, Code, Drawer, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { adminRouteAt } from '../../app/routes';
import { RowsTable } from '../../components/RowsTable';
import { type AuditLog, useAuditActions } from '../../hooks/use-staff';
import { auditActionLabel, auditTargetLabel, auditTargetText, SETTING_LABEL_KEYS } from '../../i18n/labels';
import { auditTargetPath } from './audit-target-path';

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
 * The entry's target in words, a link to its page when it has one the admin may open.
 * `onOpen` runs when the link is followed (the drawer closes).
 */
function TargetLink({ log, onOpen }: { log: AuditLog; onOpen?: () => void }) {
  const { t } = useTranslation();
  const session = useSession<SessionAdmin>();
  const text = auditTargetText(log.target_type, log.target_id, t);
  const path = auditTargetPath(log.target_type, log.target_id);
  const route = path ? adminRouteAt(path) : undefined;
  if (!path || !route || !allows((p) => session.ability.can('call', p), route.access?.permission))
    return <Text size="sm">{text}</Text>;
  return (
    <Anchor
      component={Link}
      to={path}
      size="sm"
      onClick={(e: React.MouseEvent) => {
        // A row click opens the drawer; following the link must not.
        e.stopPropagation();
        onOpen?.();
      }}
    >
      {text}
    </Anchor>
  );
}

const shown = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map(String).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
};

/** `meta.changes` of an update entry: each changed field with its value before and after. */
function ChangesTable({ changes }: { changes: Record<string, { from: unknown; to: unknown }> }) {
  const { t } = useTranslation();
  return (
    <RowsTable
      withTableBorder
      striped
      fz="sm"
      data-testid="log-changes"
      rows={Object.entries(changes)}
      rowKey={([field]) => field}
      columns={[
        {
          title: t('staff.logs.field'),
          cell: ([field]) =>
            SETTING_LABEL_KEYS[field] ? (
              t(SETTING_LABEL_KEYS[field])
            ) : (
              <Text span size="sm" ff="monospace" dir="ltr">
                {field}
              </Text>
            ),
        },
        {
          title: t('staff.logs.before'),
          td: { style: { overflowWrap: 'anywhere' } },
          cell: ([, change]) => <bdi>{shown(change.from)}</bdi>,
        },
        {
          title: t('staff.logs.after'),
          td: { style: { overflowWrap: 'anywhere' } },
          cell: ([, change]) => <bdi>{shown(change.to)}</bdi>,
        },
      ]}
    />
  );
}

const changesOf = (meta: AuditLog['meta']) => {
  const changes = meta?.changes;
  return changes && typeof changes === 'object' && Object.keys(changes).length > 0
    ? (changes as Record<string, { from: unknown; to: unknown }>)
    : null;
};

/** One audit entry in full (the drawer of /logs): who, what, the target's page, the changes. */
export function AuditLogDetail({ log, onNavigate }: { log: AuditLog; onNavigate?: () => void }) {
  const { t, i18n } = useTranslation();
  const changes = changesOf(log.meta);
  return (
    <Stack gap="md" data-testid="log-detail">
      <Detail label={t('staff.logs.date')}>{formatDateTime(log.created_at, i18n.language)}</Detail>
      <Detail label={t('staff.logs.actor')}>
        {t(`staff.logs.actor_${log.actor_type}`, { defaultValue: log.actor_type })} {log.actor_name ?? ''}{' '}
        {log.actor_email ? <span dir="ltr">({log.actor_email})</span> : null}
      </Detail>
      <Detail label={t('staff.logs.action')}>
        <ActionText action={log.action} />
      </Detail>
      <Detail label={t('staff.logs.target')}>
        <TargetLink log={log} onOpen={onNavigate} />
      </Detail>
      {changes && (
        <Detail label={t('staff.logs.changes')}>
          <ChangesTable changes={changes} />
        </Detail>
      )}
      <Detail label={t('staff.logs.ip')}>{log.ip ?? '—'}</Detail>
      <Detail label={t('staff.logs.user_agent')}>{log.user_agent ?? '—'}</Detail>
      <Detail label={t('staff.logs.meta')}>
        <Code block dir="ltr" style={{ whiteSpace: 'pre-wrap' }}>
          {log.meta ? JSON.stringify(log.meta, null, 2) : '—'}
        </Code>
      </Detail>
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
        exportPath="admin/audit-logs/export.csv"
        exportName="audit-log"
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
            render: (l) => <TargetLink log={l} />,
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
        {open && <AuditLogDetail log={open} onNavigate={() => setOpen(null)} />}
      </Drawer>
    </>
  );
}
