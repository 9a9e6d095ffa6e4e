import { usePageTitle } from '@lm/ui';
import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ShareLinks } from '../ShareLinks';

/** `/results/share`: the artist's share links of their results, until the results page holds the panel. */
export function ShareResultsPage() {
  const { t } = useTranslation();
  usePageTitle('resultsShare.page_title');
  return (
    <Stack gap="lg" maw={860}>
      <div>
        <Title order={2}>{t('resultsShare.page_title')}</Title>
        <Text c="dimmed" mt={4}>
          {t('resultsShare.page_intro')}
        </Text>
      </div>
      <ShareLinks />
    </Stack>
  );
}
