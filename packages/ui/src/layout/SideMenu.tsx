import { ActionIcon, Box, Divider, Menu, NavLink, Stack, Text, Tooltip, useDirection } from '@mantine/core';
import { IconCircleDot } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { NavLink as RouterLink, useLocation, useNavigate } from 'react-router';
import type { MenuItem } from './menu';

function isActive(pathname: string, item: MenuItem): boolean {
  if (item.to) return pathname === item.to || pathname.startsWith(`${item.to}/`);
  return (item.children ?? []).some((c) => isActive(pathname, c));
}

export interface SideMenuProps {
  items: readonly MenuItem[];
  collapsed: boolean;
  /** Called after following a link (closes the menu on phones). */
  onNavigate?: () => void;
}

/**
 * Side menu. Expanded: labels with nested groups. Collapsed: icons only, with tooltips, and groups
 * open as a flyout menu.
 */
export function SideMenu({ items, collapsed, onNavigate }: SideMenuProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { dir } = useDirection();
  const side = dir === 'rtl' ? 'left' : 'right';

  if (collapsed) {
    return (
      <Stack gap={6} align="center" data-testid="side-menu" data-collapsed="true">
        {items.map((item, index) => {
          if (item.kind === 'header') return index === 0 ? null : <Divider key={item.key} w="60%" my={4} />;
          const Icon = item.icon ?? IconCircleDot;
          const active = isActive(pathname, item);
          if (item.children) {
            return (
              <Menu key={item.key} position={`${side}-start`} trigger="click-hover" withinPortal offset={12}>
                <Menu.Target>
                  <ActionIcon variant={active ? 'light' : 'subtle'} size={44} aria-label={t(item.label)}>
                    <Icon size={22} />
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Label>{t(item.label)}</Menu.Label>
                  {item.children.map((child) => (
                    <Menu.Item
                      key={child.key}
                      onClick={() => {
                        if (child.to) navigate(child.to);
                        onNavigate?.();
                      }}
                    >
                      {t(child.label)}
                    </Menu.Item>
                  ))}
                </Menu.Dropdown>
              </Menu>
            );
          }
          return (
            <Tooltip key={item.key} label={t(item.label)} position={side} withinPortal>
              <ActionIcon
                component={RouterLink}
                to={item.to ?? '#'}
                onClick={onNavigate}
                variant={active ? 'light' : 'subtle'}
                size={44}
                aria-label={t(item.label)}
                aria-current={active ? 'page' : undefined}
              >
                <Icon size={22} />
              </ActionIcon>
            </Tooltip>
          );
        })}
      </Stack>
    );
  }

  const render = (item: MenuItem, nested = false) => {
    const Icon = item.icon ?? IconCircleDot;
    if (item.kind === 'header') {
      return (
        <Text key={item.key} size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pt="md" pb={4}>
          {t(item.label)}
        </Text>
      );
    }
    if (item.children) {
      return (
        <NavLink
          key={item.key}
          label={t(item.label)}
          leftSection={<Icon size={20} />}
          defaultOpened={isActive(pathname, item)}
          childrenOffset={28}
          styles={{ root: { borderRadius: 8 } }}
        >
          {item.children.map((child) => render(child, true))}
        </NavLink>
      );
    }
    return (
      <NavLink
        key={item.key}
        component={RouterLink}
        to={item.to ?? '#'}
        label={t(item.label)}
        leftSection={nested ? undefined : <Icon size={20} />}
        active={isActive(pathname, item)}
        onClick={onNavigate}
        styles={{ root: { borderRadius: 8 } }}
      />
    );
  };

  return (
    <Box data-testid="side-menu" data-collapsed="false">
      <Stack gap={2}>{items.map((item) => render(item))}</Stack>
    </Box>
  );
}
