import type { Translations } from '@lm/contracts/translations';
import {
  CountedTextarea,
  FileDropZone,
  formatNumber,
  IMAGE_RULES,
  isApiError,
  LANGUAGE_LABEL,
  ListScreen,
  NumberField,
  staffKeys,
  TranslatedField,
  translateMessage,
  useApi,
  usePageTitle,
} from '@lm/ui';
import { ActionIcon, Group, Image, Modal, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddButton } from '../../components/AddButton';
import { EditDeleteActions } from '../../components/EditDeleteActions';
import { FormActions } from '../../components/FormActions';
import { ListCard } from '../../components/ListCard';
import { OnOffBadge } from '../../components/OnOffBadge';
import { RecordFormModal, useRecordEditor } from '../../components/RecordFormModal';
import { selectFilter } from '../../components/select-filter';
import { useChange } from '../../hooks/use-admin-api';
import { type LookupEntry, type Slider, useCrud, useSliders, useUserTypesAdmin } from '../../hooks/use-staff';
import { LookupsNav } from './LookupsNav';

type Kind = 'genres' | 'interests' | 'tiers';
const TITLES: Record<Kind, string> = {
  genres: 'staff.lookups.genres',
  interests: 'staff.lookups.interests',
  tiers: 'staff.lookups.tiers',
};

/** Server field errors of a failed save, first message each. */
function serverErrors(error: unknown): Record<string, string> {
  if (!isApiError(error) || !error.errors) return {};
  return Object.fromEntries(Object.entries(error.errors).map(([k, v]) => [k, v[0] ?? '']));
}

function EntryForm({ kind, entry, onDone }: { kind: Kind; entry: LookupEntry | null; onDone(): void }) {
  const { t } = useTranslation();
  const { save } = useCrud<{
    name: string;
    description?: string | null;
    translations?: Translations<'name' | 'description'>;
    is_active: boolean;
  }>(`admin/${kind}`);
  const [translations, setTranslations] = useState<Translations<'name' | 'description'>>(
    entry?.translations ?? {},
  );
  // User tiers are read in five languages; genres keep Spotify's names and interests are staff-only.
  const translated = kind === 'tiers';
  const inFiveLanguages = (field: 'name' | 'description', label: string, english: ReactNode) =>
    translated ? (
      <TranslatedField
        label={label}
        field={field}
        value={translations}
        onChange={setTranslations}
        errors={errors}
        multiline={field === 'description'}
        testId={`${field}-translations`}
        english={english}
      />
    ) : (
      english
    );
  const [name, setName] = useState(entry?.name ?? '');
  const [description, setDescription] = useState(entry?.description ?? '');
  const [active, setActive] = useState(entry?.is_active ?? true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = async () => {
    if (!name.trim()) {
      setErrors({ name: translateMessage('validation.required') });
      return;
    }
    try {
      await save.mutateAsync({
        id: entry?.id,
        body: {
          name: name.trim(),
          is_active: active,
          ...(translated ? { description: description || null, translations } : {}),
        },
      });
      onDone();
    } catch (error) {
      setErrors(serverErrors(error));
    }
  };
  return (
    <Stack data-testid="lookup-form">
      {inFiveLanguages(
        'name',
        t('staff.lookups.name'),
        <TextInput
          label={translated ? LANGUAGE_LABEL.en : t('staff.lookups.name')}
          withAsterisk
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={errors.name}
          name="name"
        />,
      )}
      {translated &&
        inFiveLanguages(
          'description',
          t('staff.lookups.description'),
          <CountedTextarea
            max={1000}
            label={LANGUAGE_LABEL.en}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
            error={errors.description}
            autosize
            minRows={2}
          />,
        )}
      <Switch
        label={t('staff.lookups.active')}
        description={t('staff.lookups.active_hint')}
        checked={active}
        onChange={(e) => setActive(e.currentTarget.checked)}
      />
      <FormActions onCancel={onDone} onClick={submit} loading={save.isPending} data-testid="lookup-save">
        {t('staff.save')}
      </FormActions>
    </Stack>
  );
}

/** A named lookup list (genres, interests or tiers): search, active filter, add, edit, delete when unused. */
function NamedLookupPage({ kind }: { kind: Kind }) {
  const { t, i18n } = useTranslation();
  usePageTitle(TITLES[kind]);
  const { remove } = useCrud(`admin/${kind}`);
  const editor = useRecordEditor<LookupEntry>();
  return (
    <Stack gap="md">
      <LookupsNav />
      <ListScreen<LookupEntry>
        title={TITLES[kind]}
        path={`admin/${kind}`}
        searchable
        defaultOrder="name:asc"
        filters={[
          selectFilter(t, 'is_active', 'staff.lookups.status', [
            ['1', 'staff.lookups.active'],
            ['0', 'staff.lookups.inactive'],
          ]),
        ]}
        actions={
          <AddButton onClick={() => editor.edit('new')} data-testid="lookup-new">
            {t('staff.add')}
          </AddButton>
        }
        columns={[
          { accessor: 'id', title: '#', width: 80, sortable: true },
          {
            accessor: 'name',
            title: 'staff.lookups.name',
            sortable: true,
            render: (e) => <Text fw={500}>{e.name}</Text>,
          },
          ...(kind === 'tiers'
            ? [
                {
                  accessor: 'description',
                  title: 'staff.lookups.description',
                  render: (e: LookupEntry) => e.description ?? '—',
                },
              ]
            : []),
          {
            accessor: 'usage',
            title: 'staff.lookups.usage',
            render: (e) => formatNumber(e.usage, i18n.language),
          },
          {
            accessor: 'is_active',
            title: 'staff.lookups.status',
            render: (e) => (
              <OnOffBadge on={e.is_active} labels={['staff.lookups.active', 'staff.lookups.inactive']} />
            ),
          },
          {
            accessor: 'actions',
            title: '',
            width: 100,
            render: (e) => (
              <EditDeleteActions
                onEdit={() => editor.edit(e)}
                onDelete={() => remove.mutate(e.id)}
                deleteMessage={t('staff.lookups.delete_confirm', { name: e.name })}
                deleteDisabled={e.usage > 0}
                deleteTooltip={e.usage > 0 ? t('staff.lookups.in_use') : undefined}
              />
            ),
          },
        ]}
      />
      <RecordFormModal
        editor={editor}
        titles={['staff.add', 'staff.edit']}
        size={kind === 'tiers' ? 'xl' : 'md'}
      >
        {(entry) => <EntryForm kind={kind} entry={entry} onDone={editor.close} />}
      </RecordFormModal>
    </Stack>
  );
}

/** /genres/list. */
export function GenresPage() {
  return <NamedLookupPage kind="genres" />;
}
/** /interests/list. */
export function InterestsPage() {
  return <NamedLookupPage kind="interests" />;
}
/** /tiers/list (user tiers; express tiers have their own screen). */
export function TiersPage() {
  return <NamedLookupPage kind="tiers" />;
}

/** /userTypes/list: the three user types of spec section 1 (ids fixed), renamed in place. */
export function UserTypesPage() {
  const { t, i18n } = useTranslation();
  usePageTitle('staff.lookups.user_types');
  const types = useUserTypesAdmin();
  const { api } = useApi();
  // Renamed in place only: the three types are fixed (no POST or DELETE in the API).
  const save = useChange(
    ({ id, body }: { id: number; body: { name: string } }) => api.put(`admin/user-types/${id}`, body),
    [staffKeys.userTypes],
  );
  const [editing, setEditing] = useState<{ id: number; name: string } | null>(null);
  const [error, setError] = useState<string | undefined>();
  return (
    <Stack gap="md">
      <LookupsNav />
      <Title order={2}>{t('staff.lookups.user_types')}</Title>
      <Text size="sm" c="dimmed">
        {t('staff.lookups.user_types_hint')}
      </Text>
      <ListCard
        records={types.data ?? []}
        fetching={types.isFetching}
        emptyHeight={160}
        columns={[
          { accessor: 'id', title: '#', width: 80 },
          { accessor: 'name', title: t('staff.lookups.name') },
          {
            accessor: 'users',
            title: t('staff.lookups.users'),
            render: (r) => formatNumber(r.users, i18n.language),
          },
          {
            accessor: 'actions',
            title: '',
            width: 70,
            render: (r) => (
              <ActionIcon variant="subtle" aria-label={t('staff.edit')} onClick={() => setEditing({ ...r })}>
                <IconEdit size={18} />
              </ActionIcon>
            ),
          },
        ]}
      />
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={t('staff.edit')} centered>
        {editing && (
          <Stack>
            <TextInput
              label={t('staff.lookups.name')}
              withAsterisk
              value={editing.name}
              onChange={(e) => setEditing({ ...editing, name: e.currentTarget.value })}
              error={error}
            />
            <FormActions
              onCancel={() => setEditing(null)}
              loading={save.isPending}
              onClick={async () => {
                setError(undefined);
                try {
                  await save.mutateAsync({ id: editing.id, body: { name: editing.name.trim() } });
                  setEditing(null);
                } catch (e) {
                  setError(serverErrors(e).name);
                }
              }}
            >
              {t('staff.save')}
            </FormActions>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}

function SliderForm({ slider, onDone }: { slider: Slider | null; onDone(): void }) {
  const { t } = useTranslation();
  const { upload } = useApi();
  const { save } = useCrud<Record<string, unknown>>('admin/sliders', { keys: [staffKeys.sliders] });
  const [values, setValues] = useState({
    title: slider?.title ?? '',
    image: slider?.image ?? '',
    image_url: slider?.image_url ?? '',
    link: slider?.link ?? '',
    position: slider?.position ?? 0,
    is_active: slider?.is_active ?? true,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const send = useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append('file', file);
      form.append('fileName', file.name);
      return (await upload.post<{ file: string; url: string }>('file/upload', form)).data;
    },
    onSuccess: (data) => setValues((v) => ({ ...v, image: data.file, image_url: data.url })),
  });
  const submit = async () => {
    if (!values.image) {
      setErrors({ image: translateMessage('validation.file_required') });
      return;
    }
    try {
      await save.mutateAsync({
        id: slider?.id,
        body: {
          title: values.title || null,
          image: values.image,
          link: values.link || null,
          position: values.position,
          is_active: values.is_active,
        },
      });
      onDone();
    } catch (error) {
      setErrors(serverErrors(error));
    }
  };
  return (
    <Stack>
      <FileDropZone
        rules={{ ...IMAGE_RULES, maxBytes: 10 * 1024 * 1024 }}
        loading={send.isPending}
        onFiles={(files) => files[0] && send.mutate(files[0])}
      >
        {values.image_url && <Image src={values.image_url} alt="" h={120} fit="contain" radius="sm" />}
      </FileDropZone>
      {errors.image && (
        <Text size="sm" c="red">
          {errors.image}
        </Text>
      )}
      <TextInput
        label={t('staff.lookups.slider_title')}
        value={values.title}
        onChange={(e) => setValues({ ...values, title: e.currentTarget.value })}
        error={errors.title}
      />
      <TextInput
        label={t('staff.lookups.slider_link')}
        placeholder="https://"
        dir="ltr"
        value={values.link}
        onChange={(e) => setValues({ ...values, link: e.currentTarget.value })}
        error={errors.link}
      />
      <NumberField
        label={t('staff.lookups.position')}
        value={values.position}
        min={0}
        allowDecimal={false}
        onChange={(v) => setValues({ ...values, position: v ?? 0 })}
        error={errors.position}
      />
      <Switch
        label={t('staff.lookups.active')}
        checked={values.is_active}
        onChange={(e) => setValues({ ...values, is_active: e.currentTarget.checked })}
      />
      <FormActions onCancel={onDone} onClick={submit} loading={save.isPending}>
        {t('staff.save')}
      </FormActions>
    </Stack>
  );
}

/** /sliders/list: the user app's home sliders (`user/slider`), by position. */
export function SlidersPage() {
  const { t } = useTranslation();
  usePageTitle('staff.lookups.sliders');
  const sliders = useSliders();
  const { remove } = useCrud('admin/sliders', { keys: [staffKeys.sliders] });
  const editor = useRecordEditor<Slider>();
  return (
    <Stack gap="md">
      <LookupsNav />
      <Group justify="space-between">
        <Title order={2}>{t('staff.lookups.sliders')}</Title>
        <AddButton onClick={() => editor.edit('new')}>{t('staff.add')}</AddButton>
      </Group>
      <ListCard<Slider>
        records={sliders.data ?? []}
        fetching={sliders.isFetching}
        emptyHeight={160}
        columns={[
          {
            accessor: 'image',
            title: t('staff.lookups.image'),
            width: 140,
            render: (s) => <Image src={s.image_url} alt="" h={48} w={120} fit="cover" radius="sm" />,
          },
          { accessor: 'title', title: t('staff.lookups.slider_title'), render: (s) => s.title ?? '—' },
          {
            accessor: 'link',
            title: t('staff.lookups.slider_link'),
            render: (s) => (
              <Text size="sm" dir="ltr" lineClamp={1}>
                {s.link ?? '—'}
              </Text>
            ),
          },
          { accessor: 'position', title: t('staff.lookups.position') },
          {
            accessor: 'is_active',
            title: t('staff.lookups.status'),
            render: (s) => (
              <OnOffBadge on={s.is_active} labels={['staff.lookups.active', 'staff.lookups.inactive']} />
            ),
          },
          {
            accessor: 'actions',
            title: '',
            width: 100,
            render: (s) => (
              <EditDeleteActions onEdit={() => editor.edit(s)} onDelete={() => remove.mutate(s.id)} />
            ),
          },
        ]}
      />
      <RecordFormModal editor={editor} titles={['staff.add', 'staff.edit']} size="lg">
        {(slider) => <SliderForm slider={slider} onDone={editor.close} />}
      </RecordFormModal>
    </Stack>
  );
}
