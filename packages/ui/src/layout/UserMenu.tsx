import { Avatar, Group, Menu, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconLogout } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

export interface UserMenuLink {
  /** i18n key. */
  label: string;
  to: string;
  icon: ComponentType<{ size?: number | string }>;
}

export interface UserMenuProps {
  name: string;
  email?: string;
  avatarUrl?: string | null;
  /** Second line under the name (user type, role). */
  subtitle?: string;
  links: readonly UserMenuLink[];
  onLogout(): void;
}

/** Initials of a name: "Jane Doe" → "JD". */
export function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
}

/** User menu of the top bar: avatar or initials, name, links, sign out. */
export function UserMenu({ name, email, avatarUrl, subtitle, links, onLogout }: UserMenuProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={240}>
      <Menu.Target>
        {/* Named by what it shows (the name) plus "Account menu", so speech input can say what is seen. */}
        <UnstyledButton data-testid="user-menu">
          <Group gap={8} wrap="nowrap">
            <Avatar src={avatarUrl ?? undefined} radius="xl" size={34} color="violet" aria-hidden>
              {initialsOf(name)}
            </Avatar>
            <Stack gap={0} visibleFrom="md" style={{ minWidth: 0 }}>
              <Text size="sm" fw={600} lineClamp={1} maw={160}>
                {name}
              </Text>
              {subtitle && (
                <Text size="xs" c="dimmed" lineClamp={1} maw={160}>
                  {subtitle}
                </Text>
              )}
            </Stack>
            <IconChevronDown size={14} aria-hidden />
            <VisuallyHidden>{t('ui.topbar.user_menu')}</VisuallyHidden>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          {/* Divs, not paragraphs: a menu may only hold items, groups and separators (ARIA). */}
          <Text component="div" size="sm" fw={600} c="var(--mantine-color-text)" lineClamp={1}>
            {name}
          </Text>
          {email && (
            <Text component="div" size="xs" c="dimmed" lineClamp={1}>
              {email}
            </Text>
          )}
        </Menu.Label>
        <Menu.Divider />
        {links.map((link) => (
          <Menu.Item key={link.to} leftSection={<link.icon size={16} />} onClick={() => navigate(link.to)}>
            {t(link.label)}
          </Menu.Item>
        ))}
        {links.length > 0 && <Menu.Divider />}
        {/* Red hover, readable red text: Mantine colours the item's text with red.6 (3.3:1 on white, 4.1:1 on the dark menu). */}
        <Menu.Item
          color="red"
          c="var(--mantine-color-red-text)"
          leftSection={<IconLogout size={16} />}
          onClick={onLogout}
          data-testid="logout"
        >
          {t('ui.topbar.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
