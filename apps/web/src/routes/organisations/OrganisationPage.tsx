import type { OrganisationAction, OrganisationSubject } from '@lm/contracts/organisations';
import { LoadingOrNotFound, NotFoundPage, usePageTitle } from '@lm/ui';
import { Avatar, Badge, Group, ScrollArea, Stack, Tabs, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { orgImage } from '../../app/org-image';
import { BillingSection } from './BillingSection';
import { BudgetsSection } from './BudgetsSection';
import { DashboardSection } from './DashboardSection';
import { type OrgContext, useOrgContext } from './org-context';
import { RosterSection } from './RosterSection';
import { SettingsSection } from './SettingsSection';
import { StatementSection } from './StatementSection';
import { TeamSection } from './TeamSection';

/** The sections of an organisation, each with the ability its screen needs. */
const SECTIONS: readonly {
  key: string;
  need: [OrganisationAction, OrganisationSubject];
  render: (ctx: OrgContext) => ReactNode;
}[] = [
  { key: 'dashboard', need: ['read', 'Roster'], render: (ctx) => <DashboardSection ctx={ctx} /> },
  { key: 'roster', need: ['read', 'Roster'], render: (ctx) => <RosterSection ctx={ctx} /> },
  { key: 'team', need: ['read', 'Team'], render: (ctx) => <TeamSection ctx={ctx} /> },
  { key: 'budgets', need: ['read', 'Funding'], render: (ctx) => <BudgetsSection ctx={ctx} /> },
  { key: 'billing', need: ['read', 'Funding'], render: (ctx) => <BillingSection ctx={ctx} /> },
  { key: 'statement', need: ['read', 'Statement'], render: (ctx) => <StatementSection ctx={ctx} /> },
  { key: 'settings', need: ['update', 'Organisation'], render: (ctx) => <SettingsSection ctx={ctx} /> },
];

/**
 * /organisations/:id and /organisations/:id/:section (issue 35): the organisation's header and the
 * sections my role may use (CASL ability from `GET /api/organisations`): roster dashboard, roster,
 * team, budgets, billing, statement, settings. A section my role may not use, or an organisation I
 * am not a member of, shows the usual not-found (forbidden) page.
 */
export function OrganisationPage() {
  const { t } = useTranslation();
  const params = useParams();
  const navigate = useNavigate();
  const id = Number(params.id);
  const { loading, context } = useOrgContext(id);
  usePageTitle('org.title');
  if (!Number.isInteger(id) || id <= 0) return <NotFoundPage />;
  if (!context) return <LoadingOrNotFound loading={loading} homePath="/organisations" />;
  const allowed = SECTIONS.filter((s) => context.can(s.need[0], s.need[1]));
  // The payments provider comes back to `/organisations/:id/wallet` (the API's return path): billing.
  const wanted = params.section === 'wallet' ? 'billing' : params.section;
  const section = allowed.find((s) => s.key === (wanted ?? allowed[0]?.key));
  if (!section) return <NotFoundPage homePath="/organisations" />;
  const { org } = context;
  return (
    <Stack gap="lg" data-testid="organisation-page">
      <Group wrap="nowrap">
        <Avatar size={56} radius="md" src={orgImage(org.logo_url)}>
          {org.name.slice(0, 1).toUpperCase()}
        </Avatar>
        <Stack gap={2} miw={0}>
          <Title order={2} style={{ overflowWrap: 'anywhere' }}>
            {org.name}
          </Title>
          <Group gap={6}>
            <Badge variant="light">{t(`org.kinds.${org.kind}`)}</Badge>
            <Badge variant="outline">{t(`org.roles.${org.role}`)}</Badge>
            {org.status === 'suspended' && <Badge color="red">{t('org.suspended')}</Badge>}
          </Group>
        </Stack>
      </Group>
      <Tabs
        value={section.key}
        onChange={(key) => key && navigate(`/organisations/${org.id}/${key}`)}
        keepMounted={false}
      >
        <ScrollArea type="never">
          <Tabs.List style={{ flexWrap: 'nowrap' }}>
            {allowed.map((s) => (
              <Tabs.Tab key={s.key} value={s.key} data-testid={`org-tab-${s.key}`}>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {t(`org.sections.${s.key}`)}
                </Text>
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </ScrollArea>
      </Tabs>
      {section.render(context)}
    </Stack>
  );
}
