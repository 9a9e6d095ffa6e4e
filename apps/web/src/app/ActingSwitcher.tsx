import type { MyOrganisation } from '@lm/contracts/organisations-api';
import { type ActingFor, useActing, useSwitchActing } from '@lm/ui';
import { Alert, Avatar, Button, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconCheck, IconChevronDown, IconUserCircle } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMyOrganisations } from '../hooks/use-organisations';
import { orgImage } from './org-image';

/** The acting context of an artist of an organisation, as the switcher stores it. */
function actingFor(org: MyOrganisation, artist: MyOrganisation['artists'][number]): ActingFor {
  return {
    organisationId: org.id,
    organisationName: org.name,
    organisationLogoUrl: org.logo_url,
    artistUserId: artist.user_id,
    artistName: artist.artist_name,
  };
}

/**
 * The organisation switcher of the top bar (issue 35, DESIGN.md section 9): "Me", then per
 * organisation (logo and name) the roster artists I may act for. Shown once I belong to an
 * organisation. A stored acting context the answer no longer allows (member removed, artist left)
 * falls back to "Me". `onPicked` runs once a choice is stored (the phone's menu drawer closes).
 */
export function ActingSwitcher({ onPicked }: { onPicked?: () => void } = {}) {
  const { t } = useTranslation();
  const acting = useActing();
  const switchTo = useSwitchActing();
  const mine = useMyOrganisations();
  const orgs = mine.data ?? [];

  useEffect(() => {
    if (!acting || !mine.data) return;
    const allowed = mine.data.some(
      (o) => o.id === acting.organisationId && o.artists.some((a) => a.user_id === acting.artistUserId),
    );
    if (!allowed) void switchTo(null);
  }, [acting, mine.data, switchTo]);

  if (orgs.length === 0 && !acting) return null;
  const label = acting ? acting.artistName : t('org.switcher.me');
  const pick = (next: ActingFor | null) => void switchTo(next).then(() => onPicked?.());
  return (
    <Menu position="bottom-end" withinPortal width={280} shadow="md">
      <Menu.Target>
        <UnstyledButton
          data-testid="acting-switcher"
          aria-label={t('org.switcher.label')}
          px="xs"
          py={4}
          style={{ borderRadius: 8, maxWidth: 220 }}
        >
          <Group gap={6} wrap="nowrap">
            <Avatar size={26} radius="xl" src={acting ? orgImage(acting.organisationLogoUrl) : undefined}>
              {acting ? acting.organisationName.slice(0, 1).toUpperCase() : <IconUserCircle size={18} />}
            </Avatar>
            <Text size="sm" fw={500} truncate>
              {label}
            </Text>
            <IconChevronDown size={14} style={{ flexShrink: 0 }} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          leftSection={<IconUserCircle size={16} />}
          rightSection={acting ? null : <IconCheck size={14} />}
          onClick={() => pick(null)}
          data-testid="acting-me"
        >
          {t('org.switcher.me')}
        </Menu.Item>
        {orgs.map((org) => (
          <div key={org.id}>
            <Menu.Divider />
            <Menu.Label>
              <Group gap={6} wrap="nowrap">
                <Avatar size={18} radius="sm" src={orgImage(org.logo_url)}>
                  {org.name.slice(0, 1).toUpperCase()}
                </Avatar>
                <Text size="xs" fw={600} truncate>
                  {org.name}
                </Text>
              </Group>
            </Menu.Label>
            {org.artists.length === 0 && <Menu.Item disabled>{t('org.switcher.no_artists')}</Menu.Item>}
            {org.artists.map((artist) => {
              const current = acting?.organisationId === org.id && acting.artistUserId === artist.user_id;
              return (
                <Menu.Item
                  key={artist.user_id}
                  data-testid={`acting-artist-${artist.user_id}`}
                  leftSection={
                    <Avatar size={22} radius="xl" src={orgImage(artist.avatar_url)}>
                      {artist.artist_name.slice(0, 1).toUpperCase()}
                    </Avatar>
                  }
                  rightSection={current ? <IconCheck size={14} /> : null}
                  onClick={() => pick(actingFor(org, artist))}
                >
                  {artist.artist_name}
                </Menu.Item>
              );
            })}
          </div>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** "Acting for <artist> · <organisation>" above every screen while acting, with the way back to "Me". */
export function ActingBanner() {
  const { t } = useTranslation();
  const acting = useActing();
  const switchTo = useSwitchActing();
  if (!acting) return null;
  return (
    <Alert color="grape" variant="light" mb="md" p="xs" data-testid="acting-banner">
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={500}>
          {t('org.switcher.acting_for', {
            artist: acting.artistName,
            organisation: acting.organisationName,
          })}
        </Text>
        <Button
          size="compact-sm"
          variant="white"
          onClick={() => void switchTo(null)}
          data-testid="acting-back"
        >
          {t('org.switcher.back_to_me')}
        </Button>
      </Group>
    </Alert>
  );
}

/** Exported for tests: the acting context the switcher stores for an artist of an organisation. */
export { actingFor };
