import { PITCH_MAX } from '@lm/contracts/campaigns';
import {
  addWorkingDays,
  adminCustomCampaignEditSchema,
  adminCustomCampaignInputSchema,
  CUSTOM_PLACEMENTS,
  CUSTOM_REVIEW_WORKING_DAYS,
  type CustomCampaignDetail,
  customCampaignInputSchema,
} from '@lm/contracts/custom-campaigns';
import {
  Alert,
  Card,
  Group,
  MultiSelect,
  NumberInput,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
} from '@mantine/core';
import { IconBrandSpotify, IconCheck } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Controller, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useApi } from '../api/api-context';
import { CountedTextarea, isTooLong } from '../components/CountedTextarea';
import { DateField } from '../components/DateField';
import { FileDropZone } from '../components/FileDropZone';
import { MEDIA_RULES } from '../components/file-rules';
import { Wizard } from '../components/Wizard';
import { MadeWithAiField } from '../express/Honesty';
import { useLanguageOptions } from '../express/TrackLanguage';
import { useGenreSearch } from '../forms/GenresField';
import { applyServerErrors } from '../forms/server-errors';
import { useZodForm } from '../forms/use-zod-form';
import { type CustomDurations, CustomProcessSteps } from './CustomNextSteps';

type Option = { id: number; name: string };
type Tier = { id: number; tier_name: string; price: number };

const todayIso = () => new Date().toISOString().slice(0, 10);

export interface CustomCampaignWizardProps {
  /** `artist`: the signed-in artist orders (`artist/campaigns`); `admin`: staff order for an artist. */
  mode: 'artist' | 'admin';
  /** The signed-in artist's name, shown on the Artist Details step (artist mode). */
  artistName?: string;
  /** Staff edit a pending campaign (status 1): its values, and the status may move to 2. */
  edit?: CustomCampaignDetail;
  /**
   * Renders the artist's own tracks above the link of a released song (the user app passes its
   * `OwnTrackPicker`); picking one fills the link, which stays editable.
   */
  trackPicker?: (onPick: (link: string) => void) => ReactNode;
  /** The campaign durations the artist is told about on the "After you order" step (the settings). */
  durations?: CustomDurations;
  onDone(id: number): void;
}

/** The settings' default durations (days), until the page has read the settings. */
const DEFAULT_DURATIONS: CustomDurations = { submission: 3, ongoing: 28, auditing: 3 };

/** The form values of an existing campaign (staff edit). */
function valuesOf(c: CustomCampaignDetail) {
  return {
    campaign_type_id: 1,
    is_released: c.is_released === 1,
    link: c.link,
    name: c.name,
    language_id: c.language.id,
    genre_ids: c.genres.map((g) => g.id),
    released_date: c.released_date,
    media_link: c.media_key,
    start_date: c.start_date,
    tier_id: c.tier.id,
    placements: c.placements,
    pitch: c.pitch,
    made_with_ai: c.made_with_ai,
    admin_ids: c.admin_ids,
    playlist_submission_days: c.playlist_submission_days,
    auditing_days: c.auditing_days,
    status: c.status.id,
  };
}

/**
 * The custom campaign wizard (spec "Add New Campaign wizard", sections 4 and 5), shared by
 * the user app (/custom/spotify/campaign/create) and the back-office (New Campaign): Campaign Type
 * (Spotify only), Song Details (released or not clears the song fields; a URL when released, a URI and
 * the mp3/mp4 file when not), Artist Details, Campaign Setting (staff: submission and auditing days
 * required, on-going days read-only, publish date and status disabled on create), Campaign Details
 * (start date not before today, tier, placements, pitch with its 140 counter). Each step validates
 * with the contracts schema before Next; the server's field errors land under their fields.
 */
export function CustomCampaignWizard({
  mode,
  artistName,
  edit,
  trackPicker,
  durations,
  onDone,
}: CustomCampaignWizardProps) {
  const { t } = useTranslation();
  const { api, upload } = useApi();
  const admin = mode === 'admin';
  const schema = edit
    ? adminCustomCampaignEditSchema
    : admin
      ? adminCustomCampaignInputSchema
      : customCampaignInputSchema;
  const form = useZodForm(schema, {
    // Steps validate with trigger(), not a submit: fields then re-check as soon as they are touched.
    mode: 'onTouched',
    defaultValues: {
      campaign_type_id: 1,
      is_released: true,
      link: '',
      name: '',
      genre_ids: [],
      released_date: '',
      media_link: null,
      start_date: '',
      placements: CUSTOM_PLACEMENTS.default,
      pitch: '',
      made_with_ai: null,
      ...(admin ? { admin_ids: [], playlist_submission_days: 3, auditing_days: 3 } : {}),
      ...(edit ? valuesOf(edit) : {}),
    } as never,
  });
  const { control, register, formState, watch, setValue, trigger, handleSubmit, setError } = form;
  const errors = formState.errors as Record<string, { message?: string } | undefined>;
  const err = (name: string) => (errors[name]?.message ? t(errors[name]!.message!) : undefined);
  const released = watch('is_released' as never) as unknown as boolean;
  const pitch = watch('pitch' as never) as unknown as string;
  const madeWithAi = watch('made_with_ai' as never) as unknown as boolean | null | undefined;
  const tierId = watch('tier_id' as never) as unknown as number | undefined;
  const placements = watch('placements' as never) as unknown as number;
  const [genreTerm, setGenreTerm] = useState('');
  const [artistTerm, setArtistTerm] = useState('');
  const [fileName, setFileName] = useState<string | null>(null);

  // Every language, named in the reader's language (the lookup's first 100 English names left out
  // Spanish, Turkish and the rest of the alphabet).
  const languageOptions = useLanguageOptions();
  const genres = useGenreSearch(genreTerm);
  const tiers = useQuery({
    queryKey: ['custom', 'tiers', mode],
    queryFn: async () =>
      (
        await api.get<Tier[]>(admin ? 'admin/custom-campaigns/tiers' : 'express/curator/all-tiers', {
          silent: true,
        })
      ).data,
    staleTime: 60_000,
  });
  const artists = useQuery({
    enabled: admin,
    queryKey: ['custom', 'artists', artistTerm],
    queryFn: async () =>
      (
        await api.get<{ id: number; name: string; email: string }[]>('admin/custom-campaigns/artists', {
          query: { q: artistTerm },
          silent: true,
        })
      ).data,
  });
  const admins = useQuery({
    enabled: admin,
    queryKey: ['custom', 'admins'],
    queryFn: async () =>
      (await api.get<Option[]>('admin/getAllAdminsWithQ', { query: { limit: 20 }, silent: true })).data,
  });
  const media = useMutation({
    mutationFn: async (file: File) => {
      const body = new FormData();
      body.append('file', file);
      body.append('fileName', file.name);
      return (await upload.post<{ file: string }>('file/upload', body)).data;
    },
  });
  const save = useMutation({
    mutationFn: async (values: unknown) =>
      edit
        ? (await api.put<{ id: number }>(`admin/custom-campaigns/${edit.id}`, values)).data
        : (await api.post<{ id: number }>(admin ? 'admin/custom-campaigns' : 'artist/campaigns', values))
            .data,
  });

  const tier = tiers.data?.find((x) => x.id === Number(tierId));
  const total = tier && Number.isInteger(Number(placements)) ? tier.price * Number(placements) : null;
  const check = (fields: string[]) => () => trigger(fields as FieldPath<never>[]);

  /** Released or not clears the song fields (spec section 4). */
  const chooseRelease = (value: boolean) => {
    setValue('is_released' as never, value as never);
    for (const field of ['link', 'name', 'released_date'])
      setValue(field as never, '' as never, { shouldValidate: false });
    setValue('genre_ids' as never, [] as never);
    setValue('media_link' as never, null as never);
    setFileName(null);
  };

  const finish = handleSubmit(async (values) => {
    try {
      const created = await save.mutateAsync(values);
      onDone(created.id);
    } catch (error) {
      applyServerErrors(error, setError as never);
    }
  });

  const steps = [
    {
      label: 'custom.ui.step_type',
      content: (
        <Card withBorder padding="lg" maw={360} data-testid="custom-type-spotify">
          <Group>
            <ThemeIcon size={44} radius="md" variant="light" color="green">
              <IconBrandSpotify size={26} />
            </ThemeIcon>
            <div>
              <Text fw={600}>Spotify</Text>
              <Text size="sm" c="dimmed">
                {t('custom.ui.type_spotify')}
              </Text>
            </div>
            <IconCheck size={20} aria-label={t('custom.ui.selected')} />
          </Group>
        </Card>
      ),
    },
    {
      label: 'custom.ui.step_song',
      validate: async () => {
        const valid = await trigger([
          'link',
          'name',
          'language_id',
          'genre_ids',
          'released_date',
          'media_link',
        ] as FieldPath<never>[]);
        // The wizard always asks (the API takes no answer from older clients as "not declared").
        if (madeWithAi === null || madeWithAi === undefined) {
          setError('made_with_ai' as never, { message: 'express.ai.required' });
          return false;
        }
        return valid;
      },
      content: (
        <Stack gap="md" maw={640}>
          <Radio.Group
            label={t('custom.ui.released_question')}
            value={released ? '1' : '0'}
            onChange={(v) => chooseRelease(v === '1')}
          >
            <Group mt="xs">
              <Radio value="1" label={t('custom.ui.released')} data-testid="custom-released" />
              <Radio value="0" label={t('custom.ui.unreleased')} data-testid="custom-unreleased" />
            </Group>
          </Radio.Group>
          {released &&
            trackPicker?.((value) =>
              setValue('link' as never, value as never, { shouldValidate: true, shouldDirty: true }),
            )}
          <TextInput
            label={t(released ? 'custom.ui.link_url' : 'custom.ui.link_uri')}
            placeholder={released ? 'https://open.spotify.com/track/…' : 'spotify:track:…'}
            dir="ltr"
            withAsterisk
            {...register('link' as never)}
            error={err('link')}
            data-testid="custom-link"
          />
          <TextInput
            label={t('custom.ui.song_name')}
            withAsterisk
            {...register('name' as never)}
            error={err('name')}
            data-testid="custom-name"
          />
          <Controller
            control={control}
            name={'language_id' as never}
            render={({ field }) => (
              <Select
                label={t('custom.ui.language')}
                withAsterisk
                searchable
                data={languageOptions}
                value={field.value ? String(field.value) : null}
                onChange={(v) => field.onChange(v ? Number(v) : undefined)}
                error={err('language_id')}
                data-testid="custom-language"
              />
            )}
          />
          <Controller
            control={control}
            name={'genre_ids' as never}
            render={({ field }) => (
              <MultiSelect
                label={t('custom.ui.genres')}
                withAsterisk
                searchable
                maxValues={5}
                searchValue={genreTerm}
                onSearchChange={setGenreTerm}
                nothingFoundMessage={t('custom.ui.genres_hint')}
                data={[
                  ...new Map(
                    (genres.data ?? []).map((g) => [String(g.id), { value: String(g.id), label: g.name }]),
                  ).values(),
                ]}
                value={((field.value as number[] | undefined) ?? []).map(String)}
                onChange={(v) => field.onChange(v.map(Number))}
                error={err('genre_ids')}
                data-testid="custom-genres"
              />
            )}
          />
          <Controller
            control={control}
            name={'released_date' as never}
            render={({ field }) => (
              <DateField
                label={t('custom.ui.release_date')}
                withAsterisk
                minDate={released ? undefined : todayIso()}
                value={field.value as string}
                onChange={(v) => field.onChange(v ?? '')}
                error={err('released_date')}
                data-testid="custom-release-date"
              />
            )}
          />
          {!released && (
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                {t('custom.ui.media')}
              </Text>
              <FileDropZone
                rules={MEDIA_RULES}
                loading={media.isPending}
                onFiles={async ([file]) => {
                  if (!file) return;
                  const stored = await media.mutateAsync(file);
                  setValue('media_link' as never, stored.file as never, { shouldValidate: true });
                  setFileName(file.name);
                }}
              >
                {fileName && <Text size="sm">{fileName}</Text>}
              </FileDropZone>
              {err('media_link') && (
                <Text size="sm" c="red">
                  {err('media_link')}
                </Text>
              )}
            </Stack>
          )}
          <MadeWithAiField
            value={madeWithAi ?? null}
            onChange={(value) => setValue('made_with_ai' as never, value as never, { shouldValidate: true })}
            error={err('made_with_ai')}
          />
        </Stack>
      ),
    },
    {
      label: 'custom.ui.step_artist',
      validate: admin && !edit ? check(['artist_id', 'admin_ids']) : undefined,
      content: edit ? (
        <Stack gap="xs" maw={640}>
          <Text size="sm" c="dimmed">
            {t('custom.ui.artist')}
          </Text>
          <Text fw={600}>{edit.artist.name}</Text>
        </Stack>
      ) : admin ? (
        <Stack gap="md" maw={640}>
          <Controller
            control={control}
            name={'artist_id' as never}
            render={({ field }) => (
              <Select
                label={t('custom.ui.artist')}
                withAsterisk
                searchable
                searchValue={artistTerm}
                onSearchChange={setArtistTerm}
                data={(artists.data ?? []).map((a) => ({
                  value: String(a.id),
                  label: `${a.name} (${a.email})`,
                }))}
                value={field.value ? String(field.value) : null}
                onChange={(v) => field.onChange(v ? Number(v) : undefined)}
                error={err('artist_id')}
                data-testid="custom-artist"
              />
            )}
          />
          <Controller
            control={control}
            name={'admin_ids' as never}
            render={({ field }) => (
              <MultiSelect
                label={t('custom.ui.admins')}
                searchable
                data={(admins.data ?? []).map((a) => ({ value: String(a.id), label: a.name }))}
                value={((field.value as number[] | undefined) ?? []).map(String)}
                onChange={(v) => field.onChange(v.map(Number))}
              />
            )}
          />
        </Stack>
      ) : (
        <Stack gap="xs" maw={640}>
          <Text size="sm" c="dimmed">
            {t('custom.ui.artist')}
          </Text>
          <Text fw={600} data-testid="custom-artist-name">
            {artistName}
          </Text>
          <Text size="sm" c="dimmed">
            {t('custom.ui.artist_hint')}
          </Text>
        </Stack>
      ),
    },
    // The artist never sees the staff-only settings: the step says what happens next.
    !admin
      ? {
          label: 'custom.ui.step_next',
          content: (
            <CustomProcessSteps
              durations={durations ?? DEFAULT_DURATIONS}
              reviewBy={addWorkingDays(new Date(), CUSTOM_REVIEW_WORKING_DAYS)}
            />
          ),
        }
      : {
          label: 'custom.ui.step_settings',
          validate: check(['playlist_submission_days', 'auditing_days']),
          content: (
            <SimpleGrid cols={{ base: 1, sm: 2 }} maw={640}>
              <Controller
                control={control}
                name={'playlist_submission_days' as never}
                render={({ field }) => (
                  <NumberInput
                    label={t('custom.ui.submission_days')}
                    withAsterisk
                    clampBehavior="none"
                    allowDecimal={false}
                    value={field.value as number}
                    onChange={field.onChange}
                    error={err('playlist_submission_days')}
                  />
                )}
              />
              <Controller
                control={control}
                name={'auditing_days' as never}
                render={({ field }) => (
                  <NumberInput
                    label={t('custom.ui.auditing_days')}
                    withAsterisk
                    clampBehavior="none"
                    allowDecimal={false}
                    value={field.value as number}
                    onChange={field.onChange}
                    error={err('auditing_days')}
                  />
                )}
              />

              <TextInput label={t('custom.ui.on_going_days')} value="28" readOnly />
              <TextInput
                label={t('custom.ui.publish_date')}
                value=""
                disabled
                placeholder={t('custom.ui.set_on_publish')}
              />
              {edit ? (
                <Controller
                  control={control}
                  name={'status' as never}
                  render={({ field }) => (
                    <Select
                      label={t('custom.ui.status')}
                      data={[1, 2].map((id) => ({
                        value: String(id),
                        label: t(`custom.ui.status_label.${id}`),
                      }))}
                      value={String(field.value ?? 1)}
                      onChange={(v) => field.onChange(Number(v ?? 1))}
                      error={err('status')}
                      data-testid="custom-edit-status"
                    />
                  )}
                />
              ) : (
                <TextInput label={t('custom.ui.status')} value={t('custom.ui.status_pending')} disabled />
              )}
            </SimpleGrid>
          ),
        },
    {
      label: 'custom.ui.step_details',
      validate: async () => !isTooLong(pitch, PITCH_MAX) && (await trigger()),
      content: (
        <Stack gap="md" maw={640}>
          <Controller
            control={control}
            name={'start_date' as never}
            render={({ field }) => (
              <DateField
                label={t('custom.ui.start_date')}
                withAsterisk
                minDate={todayIso()}
                value={field.value as string}
                onChange={(v) => field.onChange(v ?? '')}
                error={err('start_date')}
                data-testid="custom-start-date"
              />
            )}
          />
          <Controller
            control={control}
            name={'tier_id' as never}
            render={({ field }) => (
              <Select
                label={t('custom.ui.tier')}
                withAsterisk
                data={(tiers.data ?? []).map((x) => ({
                  value: String(x.id),
                  label: t('custom.ui.tier_option', { name: x.tier_name, n: x.price }),
                }))}
                value={field.value ? String(field.value) : null}
                onChange={(v) => field.onChange(v ? Number(v) : undefined)}
                error={err('tier_id')}
                data-testid="custom-tier"
              />
            )}
          />
          <Controller
            control={control}
            name={'placements' as never}
            render={({ field }) => (
              <NumberInput
                label={t('custom.ui.placements')}
                description={t('custom.ui.placements_hint')}
                withAsterisk
                clampBehavior="none"
                allowDecimal={false}
                value={field.value as number}
                onChange={field.onChange}
                error={err('placements')}
                data-testid="custom-placements"
              />
            )}
          />
          <Controller
            control={control}
            name={'pitch' as never}
            render={({ field }) => (
              <CountedTextarea
                label={t('custom.ui.pitch')}
                withAsterisk
                max={PITCH_MAX}
                autosize
                minRows={3}
                value={field.value as string}
                onChange={(e) => field.onChange(e.currentTarget.value)}
                error={err('pitch')}
                data-testid="custom-pitch"
              />
            )}
          />
          {total !== null && (
            <Alert variant="light" data-testid="custom-total">
              {t('custom.ui.total', { n: total, count: Number(placements) })}
            </Alert>
          )}
        </Stack>
      ),
    },
  ];

  return (
    <Wizard steps={steps} onFinish={finish} submitting={save.isPending} finishLabel="custom.ui.submit" />
  );
}
