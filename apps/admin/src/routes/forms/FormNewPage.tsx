import { PlaylistFormWizard, useApi, usePageTitle } from '@lm/ui';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { BehalfUserPicker } from '../../components/BehalfUserPicker';
import type { BehalfUser } from '../../hooks/use-express';

/**
 * /forms/new (INFLUENCER_ADD_FORM; spec section 6): staff fill a playlist form for
 * an approved artist with the artist's own 5-step wizard (`PlaylistFormWizard`), sent to `new_form`
 * with the artist's id, where the server runs the artist's own validation ('Artist Should Be Approved',
 * files, fields). `?artist=<id>` preselects the artist (the user overview's button); done, the form opens.
 */
export function FormNewPage() {
  const { t } = useTranslation();
  usePageTitle('behalf.form_title');
  const { api } = useApi();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const initial = Number(params.get('artist'));
  const [artist, setArtist] = useState<BehalfUser | null>(null);
  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <div>
          <Title order={2}>{t('behalf.form_title')}</Title>
          <Text c="dimmed">{t('behalf.form_intro')}</Text>
        </div>
        <Button
          component={Link}
          to="/forms/list"
          variant="subtle"
          leftSection={<IconArrowLeft size={16} className="lm-flip-rtl" />}
        >
          {t('forms_admin.back')}
        </Button>
      </Group>
      <Card withBorder padding="lg" maw={560}>
        <BehalfUserPicker
          path="admin/forms/artists"
          label={t('forms_admin.artist')}
          placeholder={t('behalf.pick_artist')}
          initialId={Number.isInteger(initial) && initial > 0 ? initial : undefined}
          value={artist}
          onChange={setArtist}
          testId="behalf-form-artist"
        />
      </Card>
      {artist && (
        <Card withBorder padding="lg">
          <PlaylistFormWizard
            key={artist.id}
            onSubmit={async (body) => {
              const created = await api.post<{ id: number }>('new_form', { ...body, user_id: artist.id });
              await client.invalidateQueries({ queryKey: ['list'] });
              navigate(`/forms/${created.data.id}`);
            }}
          />
        </Card>
      )}
    </Stack>
  );
}
