import type { SessionAdmin } from '@lm/contracts';
import { useSession } from '@lm/ui';
import { Button, Group } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

/** One screen of a back-office section: where it is, its label's i18n key, its icon. */
export interface SectionLink {
  to: string;
  /** i18n key of the button's text. */
  label: string;
  icon: Icon;
  /** Permission the admin needs to see the link; every admin sees it when absent. */
  permission?: string;
}

/**
 * The row of buttons that links the screens of one back-office section; the current screen's button
 * is filled. Links carrying a `permission` show only to admins who have it (read from the session),
 * so a section never offers a screen its API would refuse.
 */
export function SectionNav({ links, testId }: { links: readonly SectionLink[]; testId: string }) {
  // The session is read only when a link needs it: reference-data sections render without one.
  return links.some((l) => l.permission) ? (
    <PermittedLinks links={links} testId={testId} />
  ) : (
    <LinkButtons links={links} testId={testId} />
  );
}

function PermittedLinks({ links, testId }: { links: readonly SectionLink[]; testId: string }) {
  const session = useSession<SessionAdmin>();
  const allowed = links.filter((l) => !l.permission || session.ability.can('call', l.permission));
  return <LinkButtons links={allowed} testId={testId} />;
}

function LinkButtons({ links, testId }: { links: readonly SectionLink[]; testId: string }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <Group gap="xs" data-testid={testId}>
      {links.map(({ to, label, icon: Icon }) => (
        <Button
          key={to}
          component={Link}
          to={to}
          size="xs"
          variant={pathname === to ? 'filled' : 'light'}
          leftSection={<Icon size={14} />}
        >
          {t(label)}
        </Button>
      ))}
    </Group>
  );
}
