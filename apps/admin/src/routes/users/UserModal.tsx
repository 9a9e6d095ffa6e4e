import { type AdminUserInput, adminUserSchema } from '@lm/contracts';
import {
  AVATAR_RULES,
  applyServerErrors,
  countryOptions,
  FileDropZone,
  fieldError,
  GenresField,
  PhoneField,
  useFileUpload,
  useZodForm,
} from '@lm/ui';
import { Avatar, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../components/FormActions';
import { type AdminUser, useSaveUser, useTierOptions, useUserTypeOptions } from '../../hooks/use-users';

const FIELDS = Object.keys(adminUserSchema.shape);
const LINKS = ['spotify_link', 'instagram_link', 'facebook_link', 'tiktok_link', 'twitter_link'] as const;

function defaults(user: AdminUser | null): AdminUserInput {
  if (!user) {
    return {
      name: '',
      email: '',
      user_type_id: undefined as unknown as number,
      tier_id: null,
      genre_ids: [],
      image: null,
      phone_number: '',
      country_code: '',
      spotify_link: '',
      instagram_link: '',
      facebook_link: '',
      tiktok_link: '',
      twitter_link: '',
    };
  }
  return {
    name: user.name,
    email: user.email,
    user_type_id: user.user_type_id,
    tier_id: user.tier_id,
    genre_ids: user.genre_ids,
    // A Google picture (absolute URL) is kept as it is; an uploaded one is sent back as its key.
    image: user.image_key ?? user.image,
    phone_number: user.phone_number ?? '',
    country_code: user.country?.code ?? '',
    spotify_link: user.spotify_link ?? '',
    instagram_link: user.instagram_link ?? '',
    facebook_link: user.facebook_link ?? '',
    tiktok_link: user.tiktok_link ?? '',
    twitter_link: user.twitter_link ?? '',
  };
}

/**
 * The user modal (spec section 5), create and edit: name, email and user type required; tier required
 * unless the type is 1 (artist); genres required, at most 5 (the spec's message when a sixth is
 * chosen); image jpg/jpeg/png; phone defaulting to US, sent with a leading +. The server's field errors
 * land under their fields (first message each).
 */
export function UserModal({
  opened,
  user,
  onClose,
  onSaved,
}: {
  opened: boolean;
  user: AdminUser | null;
  onClose(): void;
  onSaved?(user: AdminUser): void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t(user ? 'users.modal.edit_title' : 'users.modal.create_title')}
      size="xl"
      centered
    >
      {opened && <UserForm user={user} onClose={onClose} onSaved={onSaved} />}
    </Modal>
  );
}

function UserForm({
  user,
  onClose,
  onSaved,
}: {
  user: AdminUser | null;
  onClose(): void;
  onSaved?(user: AdminUser): void;
}) {
  const { t, i18n } = useTranslation();
  const save = useSaveUser();
  const upload = useFileUpload();
  const form = useZodForm(adminUserSchema, { defaultValues: defaults(user) });
  const { errors } = form.formState;
  const tiers = useTierOptions();
  const types = useUserTypeOptions();
  const [preview, setPreview] = useState<string | null>(user?.image ?? null);
  const countries = useMemo(() => countryOptions(i18n.language), [i18n.language]);
  const typeId = Number(form.watch('user_type_id'));

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync({ id: user?.id, body: values });
      onSaved?.(saved);
      onClose();
    } catch (error) {
      applyServerErrors(error, form.setError, FIELDS);
    }
  });

  const text = (name: 'name' | 'email' | (typeof LINKS)[number], label: string, required = false) => (
    <TextInput
      label={t(label)}
      withAsterisk={required}
      {...form.register(name)}
      error={fieldError(errors[name])}
      dir={name === 'name' ? undefined : 'ltr'}
      data-testid={`user-${name}`}
    />
  );

  return (
    <form onSubmit={submit} noValidate data-testid="user-form">
      <Stack gap="md">
        <Group align="center" wrap="nowrap">
          <Avatar src={preview} size={72} radius={72} color="violet">
            {(form.watch('name') as string | undefined)?.slice(0, 1).toUpperCase()}
          </Avatar>
          <Stack gap={4} style={{ flex: 1 }}>
            <FileDropZone
              rules={AVATAR_RULES}
              loading={upload.isPending}
              label="users.modal.image_drop"
              onFiles={async ([file]) => {
                if (!file) return;
                const stored = await upload.mutateAsync(file);
                form.setValue('image', stored.file, { shouldDirty: true });
                form.clearErrors('image');
                setPreview(stored.url);
              }}
            />
            {errors.image && (
              <Text size="xs" c="red" role="alert">
                {fieldError(errors.image)}
              </Text>
            )}
          </Stack>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {text('name', 'users.fields.name', true)}
          {text('email', 'users.fields.email', true)}
          <Controller
            control={form.control}
            name="user_type_id"
            render={({ field }) => (
              <Select
                label={t('users.fields.user_type')}
                withAsterisk
                data={(types.data ?? []).map((ty) => ({
                  value: String(ty.id),
                  label: t(`user_types.${ty.id}`, { defaultValue: ty.name }),
                }))}
                value={field.value ? String(field.value) : null}
                onChange={(v) => field.onChange(v ? Number(v) : undefined)}
                error={fieldError(errors.user_type_id)}
                data-testid="user-type"
              />
            )}
          />
          <Controller
            control={form.control}
            name="tier_id"
            render={({ field }) => (
              <Select
                label={t('users.fields.tier')}
                withAsterisk={typeId !== 1}
                clearable
                data={(tiers.data ?? []).map((tier) => ({ value: String(tier.id), label: tier.name }))}
                value={field.value ? String(field.value) : null}
                onChange={(v) => field.onChange(v ? Number(v) : null)}
                error={fieldError(errors.tier_id)}
                data-testid="user-tier"
              />
            )}
          />
        </SimpleGrid>
        <GenresField
          form={form}
          known={user?.genres ?? []}
          label={t('users.fields.genres')}
          withAsterisk
          searchHint={t('users.modal.genre_search_hint')}
          noGenres={(term) => t('users.modal.no_genres', { term })}
          data-testid="user-genres"
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Controller
            control={form.control}
            name="phone_number"
            render={({ field }) => (
              <PhoneField
                label={t('users.fields.phone')}
                value={field.value as string | null}
                onChange={field.onChange}
                accountCountry={form.watch('country_code') as string | null}
                error={fieldError(errors.phone_number)}
              />
            )}
          />
          <Controller
            control={form.control}
            name="country_code"
            render={({ field }) => (
              <Select
                label={t('users.fields.country')}
                data={countries}
                searchable
                clearable
                value={(field.value as string) || null}
                onChange={(v) => field.onChange(v ?? '')}
                error={fieldError(errors.country_code)}
                data-testid="user-country"
              />
            )}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {text('spotify_link', 'users.fields.spotify_link')}
          {text('instagram_link', 'users.fields.instagram_link')}
          {text('facebook_link', 'users.fields.facebook_link')}
          {text('tiktok_link', 'users.fields.tiktok_link')}
          {text('twitter_link', 'users.fields.twitter_link')}
        </SimpleGrid>
        <FormActions onCancel={onClose} type="submit" loading={save.isPending} data-testid="user-save">
          {t('users.modal.save')}
        </FormActions>
      </Stack>
    </form>
  );
}
