import { usePageTitle } from '@lm/ui';
import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ShareLinks } from '../ShareLinks';

/**
 * `/results/share`: the artist's share links of their results on a page of their own (the same panel
 * closes the What worked for me page, `/results`; this path is the one to send to).
 */
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
