import { Button, Center, type CenterProps, Loader, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from './use-page-title';

/** The page shown for unknown and forbidden routes (never a blank screen). */
export function NotFoundPage({ homePath = '/' }: { homePath?: string }) {
  const { t } = useTranslation();
  usePageTitle('ui.not_found.title');
  return (
    <Center mih="60vh" p="md" data-testid="not-found">
      <Stack align="center" gap="md" ta="center" maw={480}>
        <Text fz={96} fw={800} lh={1} variant="gradient" gradient={{ from: 'violet', to: 'grape', deg: 135 }}>
          404
        </Text>
        <Title order={2}>{t('ui.not_found.title')}</Title>
        <Text c="dimmed">{t('ui.not_found.text')}</Text>
        <Button
          component={Link}
          to={homePath}
          leftSection={<IconArrowLeft size={16} className="lm-flip-rtl" />}
        >
          {t('ui.not_found.back')}
        </Button>
      </Stack>
    </Center>
  );
}

/**
 * What a detail page shows until it has its record: a spinner while the record loads (in a box sized
 * by the Center props, 240 px high unless given, so the page does not jump), then this not-found page
 * when the API has none (unknown id, someone else's, or the request failed). The page's own code then
 * runs only with the record in hand:
 * `if (!query.data) return <LoadingOrNotFound loading={query.isLoading} />`.
 */
export function LoadingOrNotFound({
  loading,
  homePath,
  ...box
}: CenterProps & {
  /** The record's query is still loading (TanStack's `isLoading`). */
  loading: boolean;
  /** Where the not-found page's button leads; the app's home otherwise. */
  homePath?: string;
}) {
  if (loading)
    return (
      <Center {...(Object.keys(box).length > 0 ? box : { h: 240 })}>
        <Loader />
      </Center>
    );
  return <NotFoundPage homePath={homePath} />;
}
