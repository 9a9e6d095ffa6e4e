import { CSV_IMPORT_FIELDS, type CsvImportField } from '@lm/contracts/crm';
import { formatNumber, isApiError, translateMessage, useApi } from '@lm/ui';
import {
  Alert,
  Button,
  Checkbox,
  FileInput,
  Group,
  Modal,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconAlertTriangle, IconFileTypeCsv } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../components/FormActions';
import { RowsTable } from '../../components/RowsTable';
import { type CrmLeadList, type CsvImportReport, useCsvImport, useCsvPreview } from '../../hooks/use-crm';

/** Header names that suggest a field, so a usual file maps itself. */
const GUESSES: Record<CsvImportField, RegExp> = {
  email: /e-?mail|courriel|mail/i,
  name: /^(artist|name|nom|artiste|künstler|isim|ad)$/i,
  first_name: /first|prénom|prenom|vorname/i,
  kind: /^(kind|type)$/i,
  spotify_id: /spotify/i,
  genres: /genre/i,
  language: /^(lang|language|langue|sprache|dil)$/i,
  website: /web|site/i,
  country: /^(country|country[ _-]?code|pays|land|ülke|الدولة|البلد)$/i,
};

/** Headers of a column that holds a person's full name (its first word can be the first name). */
const PERSON_NAME =
  /^(name|full[ _-]?name|contact( name)?|nom|nom complet|vollständiger name|ad soyad|isim|الاسم)$/i;

function guessMapping(columns: string[]): Partial<Record<CsvImportField, string>> {
  const mapping: Partial<Record<CsvImportField, string>> = {};
  for (const field of CSV_IMPORT_FIELDS) {
    const column = columns.find((c) => GUESSES[field].test(c.trim()) && !Object.values(mapping).includes(c));
    if (column) mapping[field] = column;
  }
  return mapping;
}

/**
 * Import leads from a CSV file: choose the file, map its columns to the lead's fields (the
 * e-mail column is required; usual headers map themselves), choose the static list the rows join (or
 * name a new one) and the consent the addresses were collected with; the report lists every refused
 * row with its line and reason.
 */
export function CsvImportModal({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { api } = useApi();
  const preview = useCsvPreview();
  const runImport = useCsvImport();
  const [csv, setCsv] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [mapping, setMapping] = useState<Partial<Record<CsvImportField, string>>>({});
  const [listId, setListId] = useState<string | null>(null);
  const [listName, setListName] = useState('');
  const [consent, setConsent] = useState<'unconfirmed' | 'confirmed'>('unconfirmed');
  // A file with only a person's "Name" column: its first word becomes the first name.
  const [firstFromName, setFirstFromName] = useState(false);
  const [report, setReport] = useState<CsvImportReport | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const lists = useQuery({
    queryKey: ['crm', 'static-lists'],
    queryFn: async () => (await api.list<CrmLeadList>('admin/crm/lists', { query: { limit: 100 } })).data,
    enabled: opened,
  });
  const close = () => {
    setCsv(null);
    setFile(null);
    setMapping({});
    setListId(null);
    setListName('');
    setConsent('unconfirmed');
    setFirstFromName(false);
    setReport(null);
    setErrors([]);
    preview.reset();
    onClose();
  };
  const choose = async (chosen: File | null) => {
    setFile(chosen);
    setErrors([]);
    setReport(null);
    if (!chosen) {
      setCsv(null);
      preview.reset();
      return;
    }
    const text = await chosen.text();
    setCsv(text);
    try {
      const result = await preview.mutateAsync(text);
      const guessed = guessMapping(result.columns);
      setMapping(guessed);
      setFirstFromName(!guessed.first_name && PERSON_NAME.test(guessed.name?.trim() ?? ''));
    } catch (error) {
      if (isApiError(error)) setErrors([error.message]);
    }
  };
  const submit = async () => {
    if (!csv) return;
    setErrors([]);
    try {
      const result = await runImport.mutateAsync({
        csv,
        mapping,
        consent,
        first_name_from_name: canTakeFirstName && firstFromName,
        ...(listId ? { list_id: Number(listId) } : { list_name: listName }),
      });
      setReport(result);
    } catch (error) {
      if (!isApiError(error)) return;
      setErrors(
        error.errors
          ? Object.values(error.errors).map((messages) => translateMessage(messages[0] ?? ''))
          : [error.message],
      );
    }
  };
  const columns = preview.data?.columns ?? [];
  const canTakeFirstName = Boolean(mapping.name) && !mapping.first_name;
  const staticLists = (lists.data ?? []).filter((l) => l.type === 'static');
  return (
    <Modal opened={opened} onClose={close} title={t('crm.import.title')} size="xl" centered>
      <Stack gap="md" data-testid="crm-import">
        {report ? (
          <Stack gap="sm" data-testid="import-report">
            <Text fw={600}>
              {t('crm.import.summary', {
                rows: formatNumber(report.rows, lang),
                created: formatNumber(report.created, lang),
                updated: formatNumber(report.updated, lang),
                refused: formatNumber(report.refused_count, lang),
                list: report.list_name,
              })}
            </Text>
            {report.refused.length > 0 && (
              <RowsTable
                striped
                withTableBorder
                data-testid="import-refused"
                rows={report.refused}
                rowKey={(r) => `${r.line}-${r.reason}`}
                columns={[
                  { title: t('crm.import.line'), cell: (r) => formatNumber(r.line, lang) },
                  { title: t('crm.import.reason'), cell: (r) => t(`crm.import.refusal.${r.reason}`) },
                  { title: t('crm.import.value'), td: { dir: 'ltr' }, cell: (r) => r.value },
                ]}
              />
            )}
            {report.refused_count > report.refused.length && (
              <Text size="sm" c="dimmed">
                {t('crm.import.more_refused', {
                  count: report.refused_count - report.refused.length,
                })}
              </Text>
            )}
            <Group justify="flex-end">
              <Button onClick={close} data-testid="import-close">
                {t('crm.import.done_button')}
              </Button>
            </Group>
          </Stack>
        ) : (
          <>
            <FileInput
              label={t('crm.import.file')}
              description={t('crm.import.file_hint')}
              accept=".csv,text/csv"
              clearable
              leftSection={<IconFileTypeCsv size={16} />}
              value={file}
              onChange={choose}
              placeholder={t('crm.import.file_placeholder')}
              data-testid="import-file"
            />
            {columns.length > 0 && (
              <>
                <Text size="sm" c="dimmed">
                  {t('crm.import.rows_found', { count: preview.data?.total ?? 0 })}
                </Text>
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" data-testid="import-mapping">
                  {CSV_IMPORT_FIELDS.map((field) => (
                    <Select
                      key={field}
                      label={t(`crm.import.field.${field}`)}
                      required={field === 'email'}
                      placeholder={t('crm.import.not_mapped')}
                      data={columns.map((c) => ({ value: c, label: c }))}
                      value={mapping[field] ?? null}
                      onChange={(value) => setMapping((m) => ({ ...m, [field]: value ?? undefined }))}
                      clearable
                      data-testid={`map-${field}`}
                    />
                  ))}
                </SimpleGrid>
                {canTakeFirstName && (
                  <Checkbox
                    label={t('crm.import.first_name_from_name', { column: mapping.name })}
                    description={t('crm.import.first_name_from_name_hint', { tag: '{{first_name}}' })}
                    checked={firstFromName}
                    onChange={(e) => setFirstFromName(e.currentTarget.checked)}
                    data-testid="import-first-from-name"
                  />
                )}
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                  <Select
                    label={t('crm.import.list')}
                    placeholder={t('crm.import.new_list')}
                    data={staticLists.map((l) => ({ value: String(l.id), label: l.name }))}
                    value={listId}
                    onChange={setListId}
                    clearable
                    searchable
                  />
                  {!listId && (
                    <TextInput
                      label={t('crm.import.new_list_name')}
                      value={listName}
                      onChange={(e) => setListName(e.currentTarget.value)}
                      maxLength={100}
                      data-testid="import-list-name"
                    />
                  )}
                </SimpleGrid>
                <Radio.Group
                  label={t('crm.import.consent')}
                  description={t('crm.import.consent_hint')}
                  value={consent}
                  onChange={(v) => setConsent(v as 'unconfirmed' | 'confirmed')}
                >
                  <Group mt="xs">
                    <Radio value="unconfirmed" label={t('crm.consent_state.unconfirmed')} />
                    <Radio value="confirmed" label={t('crm.consent_state.confirmed')} />
                  </Group>
                </Radio.Group>
              </>
            )}
            {errors.length > 0 && (
              <Alert color="red" icon={<IconAlertTriangle size={18} />} data-testid="import-errors">
                {errors.map((e) => (
                  <Text key={e} size="sm">
                    {e}
                  </Text>
                ))}
              </Alert>
            )}
            <FormActions
              onCancel={close}
              onClick={submit}
              loading={runImport.isPending}
              disabled={!csv || !mapping.email || (!listId && !listName.trim())}
              data-testid="import-submit"
            >
              {t('crm.import.submit')}
            </FormActions>
          </>
        )}
      </Stack>
    </Modal>
  );
}
