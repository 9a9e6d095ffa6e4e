import {
  ARTIST_NAME_MAX,
  PROFILE_BIO_MAX,
  type SessionUser,
  SOCIAL_LINK_FORMATS,
  SOCIAL_PLATFORMS,
  type SocialPlatform,
  USER_GENRES_MAX,
  type updateProfileSchema,
} from '@lm/contracts';
import { CountedTextarea, fieldError, GenresField, isTooLong } from '@lm/ui';
import { Card, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  IconBrandFacebook,
  IconBrandInstagram,
  IconBrandSpotify,
  IconBrandTiktok,
  IconBrandX,
} from '@tabler/icons-react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';

/** The profile form of /account: personal details and the artist profile, one schema, one save. */
export type ProfileForm = UseFormReturn<
  z.input<typeof updateProfileSchema>,
  unknown,
  z.output<typeof updateProfileSchema>
>;

/** The artist profile fields of the profile form, as the session user holds them. */
export function artistProfileValues(profile: SessionUser['profile']) {
  return {
    artist_name: profile.artist_name ?? '',
    genre_ids: profile.genres.map((g) => g.id),
    bio: profile.bio ?? '',
    spotify_link: profile.spotify_link ?? '',
    instagram_link: profile.instagram_link ?? '',
    facebook_link: profile.facebook_link ?? '',
    tiktok_link: profile.tiktok_link ?? '',
    twitter_link: profile.twitter_link ?? '',
  };
}

/** The artist profile fields the server may answer errors for. */
export const ARTIST_PROFILE_FIELDS = [
  'artist_name',
  'genre_ids',
  'bio',
  ...SOCIAL_PLATFORMS.map((p) => `${p}_link`),
];
const ICONS: Record<SocialPlatform, typeof IconBrandSpotify> = {
  spotify: IconBrandSpotify,
  instagram: IconBrandInstagram,
  facebook: IconBrandFacebook,
  tiktok: IconBrandTiktok,
  twitter: IconBrandX,
};

/**
 * The artist profile section of /account: artist name, genres (at most 5, the spec's message
 * on a sixth), the five social links (each with its expected format as hint and message) and a short bio
 * with its counter. Its fields belong to the page's one profile form (one form, one
 * save), sent with `user/update-user/{id}` (the server checks the same rules).
 */
export function ArtistProfileFields({ user, form }: { user: SessionUser; form: ProfileForm }) {
  const { t } = useTranslation();
  const profile = user.profile;
  const { errors } = form.formState;
  const bio = (form.watch('bio') ?? '') as string;

  return (
    <Card padding="lg" radius="md" data-testid="artist-profile">
      <Title order={4}>{t('account.artist.title')}</Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('account.artist.intro')}
      </Text>
      <Stack gap="md">
        <TextInput
          label={t('account.artist.name')}
          error={fieldError(errors.artist_name)}
          description={t('account.artist.name_hint', { max: ARTIST_NAME_MAX })}
          data-testid="artist-name"
          dir="auto"
          {...form.register('artist_name')}
        />
        <GenresField
          form={form}
          known={profile.genres}
          label={t('account.artist.genres')}
          description={t('account.artist.genres_hint', { max: USER_GENRES_MAX })}
          searchHint={t('account.artist.genre_search_hint')}
          noGenres={(term) => t('account.artist.no_genres', { term })}
          data-testid="artist-genres"
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {SOCIAL_PLATFORMS.map((platform) => {
            const Icon = ICONS[platform];
            const name = `${platform}_link` as const;
            return (
              <TextInput
                key={platform}
                label={t(`account.artist.links.${platform}`)}
                placeholder={SOCIAL_LINK_FORMATS[platform].example}
                leftSection={<Icon size={16} />}
                type="url"
                dir="ltr"
                error={fieldError(errors[name])}
                data-testid={`artist-${platform}-link`}
                {...form.register(name)}
              />
            );
          })}
        </SimpleGrid>
        <Controller
          control={form.control}
          name="bio"
          render={({ field }) => (
            <CountedTextarea
              label={t('account.artist.bio')}
              description={t('account.artist.bio_hint')}
              max={PROFILE_BIO_MAX}
              value={(field.value ?? '') as string}
              onChange={(e) => field.onChange(e.currentTarget.value)}
              onBlur={field.onBlur}
              error={
                fieldError(errors.bio) ??
                (isTooLong(bio, PROFILE_BIO_MAX) ? t('user.validation.bio_too_long') : undefined)
              }
              autosize
              minRows={3}
              data-testid="artist-bio"
              dir="auto"
            />
          )}
        />
      </Stack>
    </Card>
  );
}
