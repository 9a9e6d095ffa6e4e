import { ActionIcon, Menu, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_OPTIONS } from '../i18n/languages';
import { usePreferences } from '../theme/preferences';

/** Language menu of the top bar (en, fr, de, ar, tr; stored under APP_LANG). */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const { language, setLanguage } = usePreferences();
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={180}>
      <Menu.Target>
        <Tooltip label={t('ui.topbar.language')} withinPortal>
          <ActionIcon
            variant="subtle"
            size="lg"
            aria-label={t('ui.topbar.language')}
            data-testid="language-switch"
          >
            <IconLanguage size={20} />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        {LANGUAGE_OPTIONS.map((option) => (
          <Menu.Item
            key={option.code}
            onClick={() => void setLanguage(option.code)}
            leftSection={
              <Text span size="xs" fw={700} c="dimmed" w={20}>
                {option.code.toUpperCase()}
              </Text>
            }
            rightSection={option.code === language ? <IconCheck size={14} /> : null}
            data-testid={`language-${option.code}`}
            lang={option.code}
          >
            {option.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
