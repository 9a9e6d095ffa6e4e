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

/** The platforms the user app's sign-in panel lists, in order, with their brand colour and icon. */
const PLATFORMS = [
  { key: 'spotify', color: 'green', Icon: IconBrandSpotify },
  { key: 'tiktok', color: 'dark', Icon: IconBrandTiktok },
  { key: 'instagram', color: 'pink', Icon: IconBrandInstagram },
] as const;

/**
 * Blank layout of the sign-in screens: a product panel on wide screens, the form card, and the
 * language and skin switches in the corner.
 */
export function AuthLayout({ title, subtitle, admin, wide, children }: AuthLayoutProps) {
  const { t } = useTranslation();
  const product = useProductName();
  return (
    <PublicPage admin={admin}>
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
              {PLATFORMS.map(({ key, color, Icon }) => (
                <List.Item
                  key={key}
                  icon={
                    <ThemeIcon color={color} radius="xl" size={32}>
                      <Icon size={18} />
                    </ThemeIcon>
                  }
                >
                  {t(`ui.auth_panel.${key}`)}
                </List.Item>
              ))}
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
    </PublicPage>
  );
}

/**
 * The page behind the sign-in screens and the privacy policy: the tinted background, the product's
 * name at the start of the top bar and the language and skin switches at its end.
 */
export function PublicPage({ admin, children }: { admin?: boolean; children: ReactNode }) {
  return (
    <Box className="lm-auth-bg">
      <Group justify="space-between" p="md">
        <Brand admin={admin} />
        <PreferenceSelects />
      </Group>
      {children}
    </Box>
  );
}
