import { Button, Group, Stepper, Text, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowLeft, IconArrowRight, IconCheck } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface WizardStep {
  /** i18n key of the step title. */
  label: string;
  /** i18n key of the step subtitle. */
  description?: string;
  /** Validation of this step; the wizard advances only when it resolves true (spec section 4). */
  validate?: () => boolean | Promise<boolean>;
  content: ReactNode;
}

export interface WizardProps {
  steps: readonly WizardStep[];
  /** Called after the last step validates. */
  onFinish(): void | Promise<void>;
  /** i18n key of the last button; defaults to "Submit". */
  finishLabel?: string;
  /** Disables the finish button (e.g. until 'I agree' is ticked). */
  finishDisabled?: boolean;
  /** Shows the finish button as loading. */
  submitting?: boolean;
}

/**
 * Multi-step form with Previous and Next (spec section 2): Next validates the current step and
 * advances only when it is valid; earlier steps can be revisited by clicking them.
 */
export function Wizard({ steps, onFinish, finishLabel, finishDisabled, submitting }: WizardProps) {
  const { t } = useTranslation();
  const [active, setActive] = useState(0);
  const [checking, setChecking] = useState(false);
  const last = active === steps.length - 1;
  const theme = useMantineTheme();
  // On a phone five labelled steps wrap into a ragged block: the bar keeps only the numbered circles
  // and the current step is named once below it.
  const phone = useMediaQuery(`(max-width: calc(${theme.breakpoints.sm} - 0.0625em))`, false, {
    getInitialValueInEffect: false,
  });
  const current = steps[active];

  const next = async () => {
    const step = steps[active];
    if (!step) return;
    setChecking(true);
    try {
      const valid = step.validate ? await step.validate() : true;
      if (!valid) return;
      if (last) await onFinish();
      else setActive((a) => a + 1);
    } finally {
      setChecking(false);
    }
  };

  return (
    <>
      <Stepper
        active={active}
        onStepClick={(index) => index < active && setActive(index)}
        allowNextStepsSelect={false}
        size="sm"
        styles={phone ? { steps: { flexWrap: 'nowrap' }, separator: { marginInline: 4 } } : undefined}
      >
        {steps.map((step, index) => (
          <Stepper.Step
            key={step.label}
            label={phone ? undefined : t(step.label)}
            description={!phone && step.description ? t(step.description) : undefined}
            // On a phone the step shows only its number: the name starts with it (WCAG 2.5.3).
            aria-label={phone ? `${index + 1} ${t(step.label)}` : undefined}
          >
            {phone && current ? (
              <>
                <Text fw={600} mb="md" data-testid="wizard-current-step">
                  {t('ui.wizard.step_of', { n: active + 1, total: steps.length, label: t(current.label) })}
                </Text>
                {step.content}
              </>
            ) : (
              step.content
            )}
          </Stepper.Step>
        ))}
      </Stepper>
      <Group justify="space-between" mt="xl">
        <Button
          variant="default"
          leftSection={<IconArrowLeft size={16} className="lm-flip-rtl" />}
          onClick={() => setActive((a) => Math.max(0, a - 1))}
          disabled={active === 0}
        >
          {t('ui.wizard.previous')}
        </Button>
        <Button
          onClick={next}
          loading={checking || (last && submitting)}
          disabled={last && finishDisabled}
          rightSection={last ? <IconCheck size={16} /> : <IconArrowRight size={16} className="lm-flip-rtl" />}
        >
          {last ? t(finishLabel ?? 'ui.wizard.submit') : t('ui.wizard.next')}
        </Button>
      </Group>
    </>
  );
}
