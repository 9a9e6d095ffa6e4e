import { Anchor, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PublicPage } from './AuthLayout';
import { usePageTitle } from './use-page-title';
import { useProductName } from './use-product-name';

const SECTIONS = ['who', 'data', 'purposes', 'sharing', 'retention', 'rights', 'storage'] as const;

/** /privacy (public in both apps): the privacy policy in the current language. */
export function PrivacyPage({ backPath, admin }: { backPath: string; admin?: boolean }) {
  const { t } = useTranslation();
  usePageTitle('privacy.title');
  const product = useProductName();
  return (
    <PublicPage admin={admin}>
      <Container size="md" pb="xl">
        <Paper p={{ base: 'lg', sm: 'xl' }} radius="lg" data-testid="privacy-page">
          <Stack gap="lg">
            <div>
              <Title order={1}>{t('privacy.title')}</Title>
              <Text c="dimmed" size="sm" mt={4}>
                {t('privacy.updated')}
              </Text>
            </div>
            <Text>{t('privacy.intro', { product })}</Text>
            {SECTIONS.map((section) => (
              <Stack key={section} gap={6}>
                <Title order={3}>{t(`privacy.${section}_title`)}</Title>
                <Text style={{ whiteSpace: 'pre-line' }}>{t(`privacy.${section}_text`, { product })}</Text>
              </Stack>
            ))}
            <Anchor component={Link} to={backPath}>
              <Group gap={6}>
                <IconArrowLeft size={16} className="lm-flip-rtl" />
                {t('privacy.back')}
              </Group>
            </Anchor>
          </Stack>
        </Paper>
      </Container>
    </PublicPage>
  );
}
