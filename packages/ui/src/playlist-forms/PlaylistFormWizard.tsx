import {
  FORM_LOCATIONS,
  FORM_REFERENCES_MAX,
  FORM_TRACK_TYPES,
  playlistFormSchema,
} from '@lm/contracts/forms';
import type { FormAutofill } from '@lm/contracts/forms-api';
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Group,
  Image,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconBrandApple, IconBrandSpotify, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useApi } from '../api/api-context';
import { DateField } from '../components/DateField';
import { FileDropZone } from '../components/FileDropZone';
import { AUDIO_RULES, IMAGE_RULES } from '../components/file-rules';
import { Wizard } from '../components/Wizard';
import { useGenreSearch } from '../forms/GenresField';
import { PhoneField } from '../forms/PhoneField';
import { applyServerErrors } from '../forms/server-errors';
import { fieldError, useZodForm } from '../forms/use-zod-form';

/** A stored form as `GET forms/{id}` answers it (the fields the wizard edits). */
export interface StoredPlaylistForm {
  phone_number: string;
  location_timezone: string;
  track_url: string;
  facebook_link: string | null;
  instagram_link: string | null;
  twitter_link: string | null;
  tiktok_link: string | null;
  type: string;
  release_date: string;
  genre_id: number;
  track_mood: string;
  track_bio: string;
  cover_image: string;
  cover_image_url?: string;
  track_file: string;
  promotion: string;
  previous_achievements: string;
  distributor: string;
  upc_code: string;
  isrc_code: string | null;
  reference: { reference: string }[];
  apple_track_id: string;
  soundcloud_link: string | null;
  label: string | null;
  extra_info: string | null;
}

export interface PlaylistFormWizardProps {
  /** Sends the five steps (files already uploaded, their keys in the body). */
  onSubmit(body: Record<string, unknown>): Promise<unknown>;
  /** The form being edited (staff's Edit Form wizard); a new form when absent. */
  initial?: StoredPlaylistForm;
  /** The artist's account country (ISO alpha-2): where the phone field's country starts. */
  accountCountry?: string | null;
}

/** One file each, of the types and sizes `file/upload` takes (spec section 5). */
const TRACK_RULES = { ...AUDIO_RULES, maxBytes: 50 * 1024 * 1024 };
const COVER_RULES = { ...IMAGE_RULES, maxBytes: 10 * 1024 * 1024 };

const STEP_FIELDS = [
  [
    'phone_number',
    'location_timezone',
    'track_url',
    'facebook_link',
    'instagram_link',
    'twitter_link',
    'tiktok_link',
  ],
  ['type', 'release_date', 'genre_id', 'track_mood', 'track_bio'],
  ['promotion', 'previous_achievements', 'distributor', 'upc_code', 'isrc_code', 'reference'],
  ['apple_track_id', 'soundcloud_link', 'label', 'extra_info'],
] as const;

const blankForm = (initial?: StoredPlaylistForm) => ({
  phone_number: initial?.phone_number ?? '',
  location_timezone: initial?.location_timezone ?? undefined,
  track_url: initial?.track_url ?? '',
  facebook_link: initial?.facebook_link ?? '',
  instagram_link: initial?.instagram_link ?? '',
  twitter_link: initial?.twitter_link ?? '',
  tiktok_link: initial?.tiktok_link ?? '',
  type: initial?.type ?? undefined,
  release_date: initial?.release_date ?? '',
  genre_id: initial?.genre_id ?? undefined,
  track_mood: initial?.track_mood ?? '',
  track_bio: initial?.track_bio ?? '',
  cover_image: initial?.cover_image ?? '',
  track_file: null,
  promotion: initial?.promotion ?? '',
  previous_achievements: initial?.previous_achievements ?? '',
  distributor: initial?.distributor ?? '',
  upc_code: initial?.upc_code ?? '',
  isrc_code: initial?.isrc_code ?? '',
  reference: (initial?.reference ?? []).map((r) => r.reference),
  apple_track_id: initial?.apple_track_id ?? '',
  soundcloud_link: initial?.soundcloud_link ?? '',
  label: initial?.label ?? '',
  extra_info: initial?.extra_info ?? '',
  agree: false as unknown as true,
});

/**
 * The Playlist Form Submission / Edit Form wizard (spec sections 2 and 5), shared by the
 * artist's /forms and staff's screens: Personal Details, Song Details, Artist Details, Extra Info,
 * About. Each step advances only when its fields are valid (the contracts' schema, so the client says
 * what the server says). The track file (mp3/wav) and cover (png/jpg/jpeg/gif) are one file each and
 * are uploaded on Submit, which reads 'Uploading Data' meanwhile and stays disabled until 'I agree'.
 * Apple and Spotify autofill fill what they find.
 */
export function PlaylistFormWizard({ onSubmit, initial, accountCountry }: PlaylistFormWizardProps) {
  const { t } = useTranslation();
  const { api, upload } = useApi();
  const form = useZodForm(playlistFormSchema, { defaultValues: blankForm(initial) as never });
  const references = useFieldArray({ control: form.control, name: 'reference' as never });
  const [track, setTrack] = useState<File | null>(null);
  const [cover, setCover] = useState<File | null>(null);
  const [filesError, setFilesError] = useState<string | null>(null);
  const [phase, setPhase] = useState<'idle' | 'uploading' | 'sending'>('idle');
  const [refsError, setRefsError] = useState<string | null>(null);
  const agree = form.watch('agree');
  const genres = useGenreSearch('');

  const autofill = useMutation({
    mutationFn: async ({ source, query }: { source: 'apple' | 'spotify'; query: string }) =>
      (await api.get<FormAutofill>(`${source}_autofill/${encodeURIComponent(query.trim())}`)).data,
    onSuccess: (answer) => {
      for (const [key, value] of Object.entries(answer.fields)) {
        if (value) form.setValue(key as never, value as never, { shouldValidate: true });
      }
    },
  });

  const err = (name: string) =>
    fieldError((form.formState.errors as Record<string, { message?: string }>)[name]);
  const validateStep = (i: number) => () => form.trigger(STEP_FIELDS[i] as never);
  const validateSong = async () => {
    const ok = await form.trigger(STEP_FIELDS[1] as never);
    const hasCover = Boolean(cover || initial?.cover_image);
    const hasTrack = Boolean(track || initial);
    setFilesError(hasCover && hasTrack ? null : t('forms.files_required'));
    return ok && hasCover && hasTrack;
  };

  const sendFile = async (file: File) => {
    const body = new FormData();
    body.append('file', file);
    body.append('fileName', file.name);
    return (await upload.post<{ file: string }>('file/upload', body)).data.file;
  };

  const finish = async () => {
    // Steps 1-4 were checked as they were left; the files are checked by the server once uploaded.
    if (!(await form.trigger('agree' as never))) return;
    const values = form.getValues() as Record<string, unknown>;
    try {
      setPhase('uploading');
      const [coverKey, trackKey] = await Promise.all([
        cover ? sendFile(cover) : Promise.resolve(initial?.cover_image ?? ''),
        track ? sendFile(track) : Promise.resolve(null),
      ]);
      setPhase('sending');
      await onSubmit({ ...values, cover_image: coverKey, track_file: trackKey });
    } catch (e) {
      applyServerErrors(e, form.setError);
    } finally {
      setPhase('idle');
    }
  };

  const autofillBox = (source: 'apple' | 'spotify') => (
    <AutofillBox
      source={source}
      pending={autofill.isPending}
      onRun={(query) => autofill.mutate({ source, query })}
    />
  );

  const steps = [
    {
      label: 'playlist_forms.steps.personal',
      validate: validateStep(0),
      content: (
        <Stack gap="sm" mt="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Controller
              control={form.control}
              name="phone_number"
              render={({ field }) => (
                <PhoneField
                  label={t('playlist_forms.fields.phone_number')}
                  description={t('playlist_forms.hints.phone_number')}
                  withAsterisk
                  value={field.value as string}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  accountCountry={accountCountry}
                  error={err('phone_number')}
                  testId="form-phone"
                />
              )}
            />
            <Controller
              control={form.control}
              name="location_timezone"
              render={({ field }) => (
                <Select
                  label={t('playlist_forms.fields.location_timezone')}
                  withAsterisk
                  data={FORM_LOCATIONS.map((l) => ({ value: l, label: t(`playlist_forms.locations.${l}`) }))}
                  value={(field.value as string | undefined) ?? null}
                  onChange={(v) => field.onChange(v ?? undefined)}
                  error={err('location_timezone')}
                  data-testid="form-location"
                />
              )}
            />
          </SimpleGrid>
          {autofillBox('spotify')}
          <TextInput
            label={t('playlist_forms.fields.track_url')}
            withAsterisk
            {...form.register('track_url')}
            error={err('track_url')}
            data-testid="form-track-url"
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {(['facebook_link', 'instagram_link', 'twitter_link', 'tiktok_link'] as const).map((name) => (
              <TextInput
                key={name}
                label={t(`playlist_forms.fields.${name}`)}
                {...form.register(name)}
                error={err(name)}
              />
            ))}
          </SimpleGrid>
          {autofill.variables?.source === 'spotify' && autofill.data?.track && (
            <FoundTrack track={autofill.data.track} />
          )}
        </Stack>
      ),
    },
    {
      label: 'playlist_forms.steps.song',
      validate: validateSong,
      content: (
        <Stack gap="sm" mt="md">
          {autofillBox('apple')}
          {autofill.variables?.source === 'apple' && autofill.data?.track && (
            <FoundTrack track={autofill.data.track} />
          )}
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Controller
              control={form.control}
              name="type"
              render={({ field }) => (
                <Select
                  label={t('playlist_forms.fields.type')}
                  withAsterisk
                  data={FORM_TRACK_TYPES.map((v) => ({
                    value: v,
                    label: t(`playlist_forms.types.${v.toLowerCase()}`),
                  }))}
                  value={(field.value as string | undefined) ?? null}
                  onChange={(v) => field.onChange(v ?? undefined)}
                  error={err('type')}
                  data-testid="form-type"
                />
              )}
            />
            <Controller
              control={form.control}
              name="release_date"
              render={({ field }) => (
                <DateField
                  label={t('playlist_forms.fields.release_date')}
                  withAsterisk
                  value={(field.value as string | undefined) ?? ''}
                  onChange={(v) => field.onChange(v ?? '')}
                  error={err('release_date')}
                  data-testid="form-release-date"
                />
              )}
            />
            <Controller
              control={form.control}
              name="genre_id"
              render={({ field }) => (
                <Select
                  label={t('playlist_forms.fields.genre')}
                  withAsterisk
                  searchable
                  data={(genres.data ?? []).map((g) => ({ value: String(g.id), label: g.name }))}
                  value={field.value ? String(field.value) : null}
                  onChange={(v) => field.onChange(v ? Number(v) : undefined)}
                  error={err('genre_id')}
                  data-testid="form-genre"
                />
              )}
            />
          </SimpleGrid>
          <TextInput
            label={t('playlist_forms.fields.track_mood')}
            withAsterisk
            {...form.register('track_mood')}
            error={err('track_mood')}
            data-testid="form-mood"
          />
          <Textarea
            label={t('playlist_forms.fields.track_bio')}
            withAsterisk
            autosize
            minRows={3}
            {...form.register('track_bio')}
            error={err('track_bio')}
            data-testid="form-bio"
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                {t('playlist_forms.fields.track_file')} {!initial && <span aria-hidden>*</span>}
              </Text>
              <FileDropZone
                rules={TRACK_RULES}
                onFiles={(files) => {
                  setTrack(files[0] ?? null);
                  setFilesError(null);
                }}
              >
                {track && (
                  <Text size="xs" data-testid="track-file-name">
                    {track.name}
                  </Text>
                )}
              </FileDropZone>
            </Stack>
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                {t('playlist_forms.fields.cover_image')} <span aria-hidden>*</span>
              </Text>
              <FileDropZone
                rules={COVER_RULES}
                onFiles={(files) => {
                  setCover(files[0] ?? null);
                  setFilesError(null);
                }}
              >
                {cover ? (
                  <Text size="xs" data-testid="cover-file-name">
                    {cover.name}
                  </Text>
                ) : (
                  initial?.cover_image_url && (
                    <Image src={initial.cover_image_url} w={48} h={48} radius="sm" alt="" />
                  )
                )}
              </FileDropZone>
            </Stack>
          </SimpleGrid>
          {filesError && (
            <Text size="sm" c="red" role="alert" data-testid="files-error">
              {filesError}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      label: 'playlist_forms.steps.artist',
      validate: validateStep(2),
      content: (
        <Stack gap="sm" mt="md">
          <Textarea
            label={t('playlist_forms.fields.promotion')}
            withAsterisk
            autosize
            minRows={2}
            {...form.register('promotion')}
            error={err('promotion')}
            data-testid="form-promotion"
          />
          <Textarea
            label={t('playlist_forms.fields.previous_achievements')}
            withAsterisk
            autosize
            minRows={2}
            {...form.register('previous_achievements')}
            error={err('previous_achievements')}
            data-testid="form-achievements"
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput
              label={t('playlist_forms.fields.distributor')}
              withAsterisk
              {...form.register('distributor')}
              error={err('distributor')}
              data-testid="form-distributor"
            />
            <TextInput
              label={t('playlist_forms.fields.upc_code')}
              withAsterisk
              inputMode="numeric"
              {...form.register('upc_code')}
              error={err('upc_code')}
              data-testid="form-upc"
            />
            <TextInput
              label={t('playlist_forms.fields.isrc_code')}
              {...form.register('isrc_code')}
              error={err('isrc_code')}
            />
          </SimpleGrid>
          <Stack gap={6}>
            <Group justify="space-between">
              <Text size="sm" fw={500}>
                {t('playlist_forms.fields.references', {
                  n: references.fields.length,
                  max: FORM_REFERENCES_MAX,
                })}
              </Text>
              <Button
                size="xs"
                variant="light"
                leftSection={<IconPlus size={14} />}
                onClick={() => {
                  if (references.fields.length >= FORM_REFERENCES_MAX) {
                    setRefsError(t('forms.references_max'));
                    return;
                  }
                  setRefsError(null);
                  references.append('' as never);
                }}
                data-testid="add-reference"
              >
                {t('playlist_forms.add_reference')}
              </Button>
            </Group>
            {references.fields.map((item, i) => (
              <Group key={item.id} gap="xs" wrap="nowrap">
                <TextInput
                  style={{ flex: 1 }}
                  aria-label={t('playlist_forms.reference_n', { n: i + 1 })}
                  placeholder={t('playlist_forms.hints.reference')}
                  {...form.register(`reference.${i}` as never)}
                  error={err(`reference.${i}`)}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  onClick={() => {
                    references.remove(i);
                    setRefsError(null);
                  }}
                  aria-label={t('playlist_forms.remove_reference')}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            ))}
            {(refsError || err('reference')) && (
              <Text size="xs" c="red" role="alert" data-testid="references-error">
                {refsError ?? err('reference')}
              </Text>
            )}
          </Stack>
        </Stack>
      ),
    },
    {
      label: 'playlist_forms.steps.extra',
      validate: validateStep(3),
      content: (
        <Stack gap="sm" mt="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('playlist_forms.fields.apple_track_id')}
              withAsterisk
              inputMode="numeric"
              {...form.register('apple_track_id')}
              error={err('apple_track_id')}
              data-testid="form-apple-id"
            />
            <TextInput
              label={t('playlist_forms.fields.soundcloud_link')}
              {...form.register('soundcloud_link')}
              error={err('soundcloud_link')}
            />
            <TextInput
              label={t('playlist_forms.fields.label')}
              {...form.register('label')}
              error={err('label')}
            />
          </SimpleGrid>
          <Textarea
            label={t('playlist_forms.fields.extra_info')}
            autosize
            minRows={2}
            {...form.register('extra_info')}
            error={err('extra_info')}
          />
        </Stack>
      ),
    },
    {
      label: 'playlist_forms.steps.about',
      content: (
        <Stack gap="md" mt="md">
          <Alert color="blue" title={t('playlist_forms.about_title')}>
            <Stack gap={6}>
              <Text size="sm">{t('playlist_forms.about_1')}</Text>
              <Text size="sm">{t('playlist_forms.about_2')}</Text>
              <Text size="sm">{t('playlist_forms.about_3')}</Text>
            </Stack>
          </Alert>
          <Checkbox
            label={t('playlist_forms.agree')}
            {...form.register('agree')}
            error={err('agree')}
            data-testid="form-agree"
          />
        </Stack>
      ),
    },
  ];

  return (
    <Wizard
      steps={steps}
      onFinish={finish}
      finishDisabled={!agree || phase !== 'idle'}
      submitting={phase !== 'idle'}
      finishLabel={phase === 'uploading' ? 'playlist_forms.uploading' : 'ui.wizard.submit'}
    />
  );
}

function AutofillBox({
  source,
  pending,
  onRun,
}: {
  source: 'apple' | 'spotify';
  pending: boolean;
  onRun(query: string): void;
}) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const Icon = source === 'apple' ? IconBrandApple : IconBrandSpotify;
  return (
    <Group align="flex-end" gap="xs" wrap="nowrap">
      <TextInput
        style={{ flex: 1 }}
        label={t(`playlist_forms.autofill.${source}_label`)}
        placeholder={t(`playlist_forms.autofill.${source}_hint`)}
        value={query}
        onChange={(e) => setQuery(e.currentTarget.value)}
        data-testid={`autofill-${source}`}
      />
      <Button
        variant="light"
        leftSection={<Icon size={16} />}
        loading={pending}
        disabled={query.trim() === ''}
        onClick={() => onRun(query)}
        data-testid={`autofill-${source}-run`}
      >
        {t('playlist_forms.autofill.run')}
      </Button>
    </Group>
  );
}

function FoundTrack({ track }: { track: NonNullable<FormAutofill['track']> }) {
  const { t } = useTranslation();
  return (
    <Group gap="sm" wrap="nowrap" data-testid="autofill-found">
      {track.cover_url && <Image src={track.cover_url} w={40} h={40} radius="sm" alt="" />}
      <Text size="sm" dir="auto">
        {t('playlist_forms.autofill.found', { name: track.name, artists: track.artists })}
      </Text>
    </Group>
  );
}
