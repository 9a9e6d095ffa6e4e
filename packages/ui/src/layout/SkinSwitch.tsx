import { ActionIcon, Menu, Tooltip } from '@mantine/core';
import {
  IconBorderAll,
  IconCheck,
  IconLayoutSidebar,
  IconMoon,
  IconPalette,
  IconSun,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../theme/preferences';
import { SKINS, type Skin } from '../theme/skins';

const ICONS: Record<Skin, typeof IconSun> = {
  light: IconSun,
  dark: IconMoon,
  bordered: IconBorderAll,
  'semi-dark': IconLayoutSidebar,
};

/** Skin menu of the top bar: light, dark, bordered, semi-dark (stored under APP_SKIN). */
export function SkinSwitch() {
  const { t } = useTranslation();
  const { skin, setSkin } = usePreferences();
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={180}>
      <Menu.Target>
        <Tooltip label={t('ui.topbar.skin')} withinPortal>
          <ActionIcon variant="subtle" size="lg" aria-label={t('ui.topbar.skin')} data-testid="skin-switch">
            <IconPalette size={20} />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        {SKINS.map((name) => {
          const Icon = ICONS[name];
          return (
            <Menu.Item
              key={name}
              onClick={() => setSkin(name)}
              leftSection={<Icon size={16} />}
              rightSection={name === skin ? <IconCheck size={14} /> : null}
              data-testid={`skin-${name}`}
            >
              {t(`ui.skins.${name}`)}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
