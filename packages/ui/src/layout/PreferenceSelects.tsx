import { Group, NativeSelect } from '@mantine/core';
import { IconLanguage, IconPalette } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isLanguage, LANGUAGE_OPTIONS } from '../i18n/languages';
import { usePreferences } from '../theme/preferences';
import { isSkin, SKINS } from '../theme/skins';

/**
 * Language and skin switches of the sign-in screens: native selects, light enough for the login
 * route's bundle budget (the signed-in top bar uses menus).
 */
export function PreferenceSelects() {
  const { t } = useTranslation();
  const { language, setLanguage, skin, setSkin } = usePreferences();
  return (
    <Group gap="xs" wrap="nowrap">
      <NativeSelect
        size="xs"
        aria-label={t('ui.topbar.language')}
        leftSection={<IconLanguage size={14} />}
        value={language}
        onChange={(e) => {
          const next = e.currentTarget.value;
          if (isLanguage(next)) void setLanguage(next);
        }}
        data={LANGUAGE_OPTIONS.map((o) => ({ value: o.code, label: o.label }))}
        data-testid="language-select"
      />
      <NativeSelect
        size="xs"
        aria-label={t('ui.topbar.skin')}
        leftSection={<IconPalette size={14} />}
        value={skin}
        onChange={(e) => {
          const next = e.currentTarget.value;
          if (isSkin(next)) setSkin(next);
        }}
        data={SKINS.map((name) => ({ value: name, label: t(`ui.skins.${name}`) }))}
        data-testid="skin-select"
      />
    </Group>
  );
}
