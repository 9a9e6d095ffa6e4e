import { ORGANISATION_KINDS } from '@lm/contracts/organisations';
import { type Organisation, organisationInputSchema } from '@lm/contracts/organisations-api';
import { applyServerErrors, countryOptions, FormField, fieldError, useZodForm } from '@lm/ui';
import { Button, Group, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

type Values = import('@lm/contracts/organisations-api').OrganisationInput;

/**
 * The organisation's profile and billing details (create and settings): kind, name, billing name,
 * address, country (named in the reader's language), VAT number. Checked with the contract's schema
 * as the server checks it; the server's field errors land under their fields.
 */
export function OrganisationForm({
  organisation,
  submitLabel,
  onSubmit,
}: {
  organisation?: Organisation;
  submitLabel: string;
  onSubmit: (values: Values) => Promise<unknown>;
}) {
  const { t, i18n } = useTranslation();
  const countries = useMemo(() => countryOptions(i18n.language), [i18n.language]);
  const form = useZodForm(organisationInputSchema, {
    defaultValues: {
      kind: organisation?.kind ?? 'label',
      name: organisation?.name ?? '',
      billing_name: organisation?.billing_name ?? '',
      billing_address: organisation?.billing_address ?? '',
      billing_country: organisation?.billing_country ?? '',
      vat_number: organisation?.vat_number ?? '',
    },
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      applyServerErrors(error, form.setError, [
        'kind',
        'name',
        'billing_name',
        'billing_address',
        'billing_country',
        'vat_number',
      ]);
    }
  });
  return (
    <form onSubmit={submit} noValidate data-testid="organisation-form">
      <Stack gap="sm" maw={560}>
        <FormField
          control={form.control}
          name="kind"
          render={(f) => (
            <Select
              label={t('org.fields.kind')}
              data={ORGANISATION_KINDS.map((k) => ({ value: k, label: t(`org.kinds.${k}`) }))}
              allowDeselect={false}
              {...f}
              data-testid="org-kind"
            />
          )}
        />
        <TextInput
          label={t('org.fields.name')}
          {...form.register('name')}
          error={fieldError(form.formState.errors.name)}
          data-testid="org-name"
        />
        <TextInput
          label={t('org.fields.billing_name')}
          {...form.register('billing_name')}
          error={fieldError(form.formState.errors.billing_name)}
          data-testid="org-billing-name"
        />
        <Textarea
          label={t('org.fields.billing_address')}
          autosize
          minRows={2}
          {...form.register('billing_address')}
          error={fieldError(form.formState.errors.billing_address)}
          data-testid="org-billing-address"
        />
        <FormField
          control={form.control}
          name="billing_country"
          render={(f) => (
            <Select
              label={t('org.fields.billing_country')}
              data={countries}
              searchable
              {...f}
              data-testid="org-country"
            />
          )}
        />
        <TextInput
          label={t('org.fields.vat_number')}
          description={t('org.fields.vat_help')}
          {...form.register('vat_number')}
          error={fieldError(form.formState.errors.vat_number)}
          data-testid="org-vat"
        />
        <Group>
          <Button type="submit" loading={form.formState.isSubmitting} data-testid="org-save">
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
