import { FAN_FINDER_FEATURES } from '@lm/contracts';
import type { Translations } from '@lm/contracts/translations';
import {
  type FanFinderPlan,
  isApiError,
  LANGUAGE_LABEL,
  NumberField,
  StatusBadge,
  TranslatedField,
  translateMessage,
  translationErrors,
  useFeatureLabel,
  usePageTitle,
} from '@lm/ui';
import { Checkbox, Group, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddButton } from '../../components/AddButton';
import { EditDeleteActions } from '../../components/EditDeleteActions';
import { FormActions } from '../../components/FormActions';
import { ListCard } from '../../components/ListCard';
import { RecordFormModal, useRecordEditor } from '../../components/RecordFormModal';
import {
  type PlanForm,
  planFormSchema,
  useAdminPlans,
  useDeletePlan,
  useSavePlan,
} from '../../hooks/use-fan-finder';

type Draft = Omit<PlanForm, 'plan_days' | 'price'> & { plan_days?: number; price?: number };

function PlanFormView({ plan, onDone }: { plan: FanFinderPlan | null; onDone(): void }) {
  const { t } = useTranslation();
  const featureLabel = useFeatureLabel();
  const save = useSavePlan();
  const [values, setValues] = useState<Draft>(() => ({
    plan_name: plan?.plan_name ?? '',
    plan_days: plan?.plan_days,
    price: plan?.price,
    features: plan?.features ?? [...FAN_FINDER_FEATURES],
    status: plan ? plan.status !== 0 : true,
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [translations, setTranslations] = useState<Translations<'plan_name'>>(plan?.translations ?? {});
  const set = <K extends keyof Draft>(name: K, value: Draft[K]) =>
    setValues((s) => ({ ...s, [name]: value }));
  const submit = async () => {
    const parsed = planFormSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), translateMessage(i.message)])),
      );
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync({ id: plan?.id, body: { ...parsed.data, translations } });
      onDone();
    } catch (e) {
      if (isApiError(e) && e.errors)
        setErrors({
          ...Object.fromEntries(
            Object.entries(e.errors)
              .filter(([k]) => !k.startsWith('translations'))
              .map(([k, v]) => [k.split('.')[0]!, v[0] ?? '']),
          ),
          ...translationErrors(e),
        });
    }
  };
  return (
    <Stack>
      <TranslatedField
        label={t('fan_finder_admin.plan_name')}
        field="plan_name"
        value={translations}
        onChange={setTranslations}
        errors={errors}
        testId="plan-name-translations"
        english={
          <TextInput
            label={LANGUAGE_LABEL.en}
            value={values.plan_name}
            onChange={(e) => set('plan_name', e.currentTarget.value)}
            error={errors.plan_name}
            withAsterisk
            name="plan_name"
          />
        }
      />
      <NumberField
        label={t('fan_finder_admin.plan_days')}
        value={values.plan_days}
        onChange={(v) => set('plan_days', v ?? undefined)}
        error={errors.plan_days}
        allowDecimal={false}
        withAsterisk
        name="plan_days"
      />
      <NumberField
        label={t('fan_finder_admin.price')}
        value={values.price}
        onChange={(v) => set('price', v ?? undefined)}
        error={errors.price}
        allowDecimal={false}
        thousandSeparator=","
        withAsterisk
        name="price"
      />
      <Checkbox.Group
        label={t('fan_finder_admin.features')}
        value={values.features}
        onChange={(v) => set('features', v as PlanForm['features'])}
        error={errors.features}
      >
        <Stack gap={6} mt="xs">
          {FAN_FINDER_FEATURES.map((f) => (
            <Checkbox key={f} value={f} label={featureLabel(f)} />
          ))}
        </Stack>
      </Checkbox.Group>
      <Switch
        label={t('fan_finder_admin.offered')}
        checked={values.status}
        onChange={(e) => set('status', e.currentTarget.checked)}
      />
      <FormActions onCancel={onDone} onClick={submit} loading={save.isPending} data-testid="plan-save">
        {t('staff.save')}
      </FormActions>
    </Stack>
  );
}

/**
 * /fan/finder/plans (view.main.fan.finder.tab.list): the Fan Finder plans with their days,
 * price in coins, features and whether they are offered; add, edit, and delete a plan nobody bought
 * (the API answers 409 otherwise: withdraw it instead).
 */
export function FanFinderPlansPage() {
  const { t } = useTranslation();
  usePageTitle('fan_finder_admin.plans_title');
  const plans = useAdminPlans();
  const remove = useDeletePlan();
  const featureLabel = useFeatureLabel();
  const editor = useRecordEditor<FanFinderPlan>();
  const rows = plans.data ?? [];
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>{t('fan_finder_admin.plans_title')}</Title>
        <AddButton onClick={() => editor.edit('new')} data-testid="plan-add">
          {t('staff.add')}
        </AddButton>
      </Group>
      <ListCard<FanFinderPlan>
        records={rows}
        fetching={plans.isFetching}
        customRowAttributes={() => ({ 'data-testid': 'plan-row' })}
        columns={[
          { accessor: 'plan_name', title: t('fan_finder_admin.plan_name') },
          {
            accessor: 'plan_days',
            title: t('fan_finder_admin.plan_days'),
            render: (p) => t('common.days', { count: p.plan_days }),
          },
          {
            accessor: 'price',
            title: t('fan_finder_admin.price'),
            render: (p) => t('common.coins', { count: p.price }),
          },
          {
            accessor: 'features',
            title: t('fan_finder_admin.features'),
            render: (p) => (
              <Text size="xs" c="dimmed">
                {p.features.map(featureLabel).join(' · ')}
              </Text>
            ),
          },
          {
            accessor: 'status',
            title: t('fan_finder_admin.offered'),
            render: (p) => (
              <StatusBadge
                label={p.status === 0 ? 'Inactive' : 'Active'}
                text={t(p.status === 0 ? 'fan_finder_admin.not_offered' : 'fan_finder_admin.is_offered')}
              />
            ),
          },
          {
            accessor: 'actions',
            title: '',
            width: 100,
            render: (p) => (
              <EditDeleteActions
                onEdit={() => editor.edit(p)}
                onDelete={() => remove.mutate(p.id)}
                deleteMessage={t('fan_finder_admin.delete_confirm', { name: p.plan_name })}
              />
            ),
          },
        ]}
      />
      <RecordFormModal editor={editor} titles={['staff.add', 'staff.edit']} size="xl">
        {(plan) => <PlanFormView plan={plan} onDone={editor.close} />}
      </RecordFormModal>
    </Stack>
  );
}
