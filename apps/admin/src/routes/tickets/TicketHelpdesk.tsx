import { CUSTOM_CAMPAIGN_STATUSES, EXPRESS_CAMPAIGN_STATUSES } from '@lm/contracts';
import { normaliseTicketTag, TICKET_STATUSES, TICKET_TAG_LIMITS } from '@lm/contracts/tickets';
import {
  formatDateTime,
  StatusBadge,
  type Ticket,
  useMergeTicket,
  useSession,
  useTicketContext,
  useTicketsT,
  useTicketTag,
} from '@lm/ui';
import {
  Anchor,
  Badge,
  Button,
  Card,
  CloseButton,
  Group,
  Modal,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconArrowMerge, IconTag } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { FormActions } from '../../components/FormActions';

/** The back-office page of a campaign of the context panel, by its sort and platform. */
const CAMPAIGN_PATHS = {
  spotify: '/express-campaigns/',
  tiktok: '/express-tiktok-campaigns/',
  instagram: '/express-instagram-campaigns/',
  custom: '/campaigns/custom/',
} as const;

/**
 * Beside the thread (issue 36 "Helpdesk"): the ticket user's other tickets and recent campaigns, each
 * linking to its page; a list the reader may not open is not answered by the API and not shown.
 */
export function TicketUserContext({ ticket }: { ticket: Ticket }) {
  const { t, i18n } = useTicketsT();
  const context = useTicketContext(ticket.id);
  const data = context.data;
  if (!data) return null;
  return (
    <Card withBorder padding="md" radius="md" data-testid="ticket-context">
      <Stack gap="sm">
        <Title order={5}>{t('tickets.context_title')}</Title>
        {data.tickets && (
          <Stack gap={6}>
            <Text size="sm" fw={600}>
              {t('tickets.context_tickets')}
            </Text>
            {data.tickets.length === 0 && (
              <Text size="sm" c="dimmed">
                {t('tickets.context_no_tickets')}
              </Text>
            )}
            {data.tickets.map((other) => (
              <Group
                key={other.id}
                gap="xs"
                justify="space-between"
                wrap="nowrap"
                data-testid="context-ticket"
              >
                <Anchor
                  component={Link}
                  to={`/tickets/details/${other.id}`}
                  size="sm"
                  dir="auto"
                  style={{ overflowWrap: 'anywhere' }}
                >
                  #{other.id} {other.ticket_subject}
                </Anchor>
                <StatusBadge
                  status={TICKET_STATUSES.find((s) => s.id === other.status_id)}
                  text={other.tickets_status.name}
                  size="sm"
                />
              </Group>
            ))}
          </Stack>
        )}
        {data.campaigns && (
          <Stack gap={6}>
            <Text size="sm" fw={600}>
              {t('tickets.context_campaigns')}
            </Text>
            {data.campaigns.length === 0 && (
              <Text size="sm" c="dimmed">
                {t('tickets.context_no_campaigns')}
              </Text>
            )}
            {data.campaigns.map((c) => (
              <Group
                key={`${c.kind}-${c.id}`}
                gap="xs"
                justify="space-between"
                wrap="nowrap"
                data-testid="context-campaign"
              >
                <Stack gap={0}>
                  <Anchor
                    component={Link}
                    to={`${CAMPAIGN_PATHS[c.kind === 'custom' ? 'custom' : c.platform]}${c.id}`}
                    size="sm"
                    dir="auto"
                    style={{ overflowWrap: 'anywhere' }}
                  >
                    #{c.id} {c.track_name}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {c.platform.charAt(0).toUpperCase() + c.platform.slice(1)}
                    {c.kind === 'custom' ? ` · ${t('tickets.custom_campaign')}` : ''} ·{' '}
                    {formatDateTime(c.created_at, i18n.language)}
                  </Text>
                </Stack>
                <StatusBadge
                  id={c.status_id}
                  map={c.kind === 'custom' ? CUSTOM_CAMPAIGN_STATUSES : EXPRESS_CAMPAIGN_STATUSES}
                  size="sm"
                />
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

/**
 * The ticket's tags as badges, with a field to add one and a cross to remove each (tickets.edit);
 * readers without it see the badges only.
 */
export function TicketTagsEditor({ ticket }: { ticket: Ticket }) {
  const { t } = useTicketsT();
  const session = useSession();
  const canEdit = session.ability.can('call', 'tickets.edit');
  const tag = useTicketTag(ticket.id);
  const [value, setValue] = useState('');
  const tags = ticket.tags ?? [];
  const add = async () => {
    const next = normaliseTicketTag(value);
    if (!next) return;
    await tag.mutateAsync({ tag: next });
    setValue('');
  };
  return (
    <Stack gap={6} data-testid="ticket-tags">
      <Group gap={6}>
        <IconTag size={14} />
        <Text size="sm" c="dimmed">
          {t('tickets.tags')}
        </Text>
      </Group>
      <Group gap={6}>
        {tags.map((name) => (
          <Badge
            key={name}
            variant="light"
            color="grape"
            // Tags are stored in lower case: show them as stored, not in the badge's capitals.
            tt="none"
            data-testid="ticket-tag"
            rightSection={
              canEdit ? (
                <CloseButton
                  size="xs"
                  aria-label={t('tickets.tag_remove', { tag: name })}
                  onClick={() => tag.mutate({ tag: name, remove: true })}
                />
              ) : undefined
            }
          >
            {name}
          </Badge>
        ))}
      </Group>
      {canEdit && tags.length < TICKET_TAG_LIMITS.perTicket && (
        <TextInput
          size="xs"
          value={value}
          maxLength={TICKET_TAG_LIMITS.maxLength}
          onChange={(e) => setValue(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void add();
            }
          }}
          placeholder={t('tickets.tag_add')}
          aria-label={t('tickets.tag_add')}
          description={t('tickets.tags_hint', {
            max: TICKET_TAG_LIMITS.perTicket,
            length: TICKET_TAG_LIMITS.maxLength,
          })}
          data-testid="ticket-tag-input"
        />
      )}
    </Stack>
  );
}

/**
 * Merge (tickets.edit): pick another ticket of the same user, not merged itself, as the target; the
 * API moves the messages, closes this ticket with a link and tells the user once.
 */
export function MergeTicketButton({ ticket }: { ticket: Ticket }) {
  const { t } = useTicketsT();
  const [opened, setOpened] = useState(false);
  const [target, setTarget] = useState<string | null>(null);
  const context = useTicketContext(ticket.id);
  const merge = useMergeTicket(ticket.id);
  if (ticket.merged_into_id !== null) return null;
  // A ticket merged already is closed and refused as a target by the API: not offered.
  const options = (context.data?.tickets ?? [])
    .filter((o) => o.merged_into_id === null)
    .map((o) => ({
      value: String(o.id),
      label: `#${o.id} ${o.ticket_subject}`,
    }));
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconArrowMerge size={16} />}
        onClick={() => setOpened(true)}
        data-testid="ticket-merge"
      >
        {t('tickets.merge')}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t('tickets.merge_title')}>
        <Stack gap="sm">
          <Text size="sm">{t('tickets.merge_hint')}</Text>
          {options.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('tickets.merge_none')}
            </Text>
          ) : (
            <Select
              label={t('tickets.merge_target')}
              data={options}
              value={target}
              onChange={setTarget}
              searchable
              data-testid="merge-target"
            />
          )}
          <FormActions
            onCancel={() => setOpened(false)}
            disabled={!target}
            loading={merge.isPending}
            onClick={() =>
              void merge.mutateAsync(Number(target)).then(() => {
                setOpened(false);
              })
            }
            data-testid="merge-confirm"
          >
            {t('tickets.merge')}
          </FormActions>
        </Stack>
      </Modal>
    </>
  );
}
