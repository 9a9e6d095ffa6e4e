import { Box, Group, List, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBrandInstagram, IconBrandSpotify, IconBrandTiktok } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Brand } from './Brand';
import { PreferenceSelects } from './PreferenceSelects';
import { useProductName } from './use-product-name';

export interface AuthLayoutProps {
  /** i18n key of the card title. */
  title: string;
  /** i18n key (or text) under the title. */
  subtitle?: ReactNode;
  admin?: boolean;
  /** Wider card (register). */
  wide?: boolean;
  children: ReactNode;
}

/**
 * Blank layout of the sign-in screens: a product panel on wide screens, the form card, and the
 * language and skin switches in the corner.
 */
export function AuthLayout({ title, subtitle, admin, wide, children }: AuthLayoutProps) {
  const { t } = useTranslation();
  const product = useProductName();
  return (
    <Box className="lm-auth-bg">
      <Group justify="space-between" p="md">
        <Brand admin={admin} />
        <PreferenceSelects />
      </Group>
      <SimpleGrid
        cols={{ base: 1, md: 2 }}
        spacing={0}
        px="md"
        pb="xl"
        maw={1180}
        mx="auto"
        style={{ alignItems: 'center' }}
      >
        <Stack gap="lg" visibleFrom="md" pe="xl">
          <Title order={1} fz={40} lh={1.15}>
            {t(admin ? 'ui.auth_panel.admin_title' : 'ui.auth_panel.title', { product })}
          </Title>
          <Text size="lg" c="dimmed">
            {t(admin ? 'ui.auth_panel.admin_text' : 'ui.auth_panel.text')}
          </Text>
          {!admin && (
            <List spacing="md" center>
              <List.Item
                icon={
                  <ThemeIcon color="green" radius="xl" size={32}>
                    <IconBrandSpotify size={18} />
                  </ThemeIcon>
                }
              >
                {t('ui.auth_panel.spotify')}
              </List.Item>
              <List.Item
                icon={
                  <ThemeIcon color="dark" radius="xl" size={32}>
                    <IconBrandTiktok size={18} />
                  </ThemeIcon>
                }
              >
                {t('ui.auth_panel.tiktok')}
              </List.Item>
              <List.Item
                icon={
                  <ThemeIcon color="pink" radius="xl" size={32}>
                    <IconBrandInstagram size={18} />
                  </ThemeIcon>
                }
              >
                {t('ui.auth_panel.instagram')}
              </List.Item>
            </List>
          )}
        </Stack>
        <Paper p={{ base: 'lg', sm: 'xl' }} radius="lg" w="100%" maw={wide ? 620 : 460} mx="auto">
          <Stack gap={4} mb="lg">
            <Title order={2}>{t(title)}</Title>
            {subtitle && (
              <Text c="dimmed" size="sm">
                {typeof subtitle === 'string' ? t(subtitle, { product }) : subtitle}
              </Text>
            )}
          </Stack>
          {children}
        </Paper>
      </SimpleGrid>
    </Box>
  );
}
