// @vitest-environment jsdom
import { Button, Select, TextInput } from '@mantine/core';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Controller } from 'react-hook-form';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { initTestI18n, renderWithUi } from '../test/render';
import { fieldError, useZodForm } from './use-zod-form';

afterEach(cleanup);
beforeAll(initTestI18n);

const schema = z.object({
  name: z.string().trim().min(1, 'validation.required'),
  language_id: z.number({ error: 'validation.required' }),
});

/** A wizard step as the custom campaign and playlist form wizards build one: checked with trigger(). */
function Step({ mode }: { mode?: 'onTouched' }) {
  const form = useZodForm(schema, { mode, defaultValues: { name: '' } as never });
  const { errors } = form.formState;
  return (
    <>
      <TextInput label="Name" error={fieldError(errors.name)} {...form.register('name')} />
      <Controller
        control={form.control}
        name="language_id"
        render={({ field }) => (
          <Select
            label="Language"
            data={[{ value: '1', label: 'English' }]}
            value={field.value ? String(field.value) : null}
            onChange={(v) => field.onChange(v ? Number(v) : undefined)}
            error={fieldError(errors.language_id)}
            data-testid="language"
          />
        )}
      />
      <Button onClick={() => void form.trigger()}>Next</Button>
    </>
  );
}

describe('a field showing an error is checked again as it changes', () => {
  for (const mode of [undefined, 'onTouched'] as const) {
    it(`"Field is required" leaves a filled text and a chosen Select at once (mode ${mode ?? 'onSubmit'})`, {
      timeout: 30_000,
    }, async () => {
      renderWithUi(<Step mode={mode} />);
      fireEvent.click(screen.getByRole('button', { name: 'Next' }));
      await waitFor(() => expect(screen.getAllByText('Field is required')).toHaveLength(2));

      fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Skyline' } });
      await waitFor(() => expect(screen.getAllByText('Field is required')).toHaveLength(1));

      fireEvent.click(screen.getByTestId('language'));
      await act(async () => {
        fireEvent.click(await screen.findByRole('option', { name: 'English' }));
      });
      await waitFor(() => expect(screen.queryByText('Field is required')).toBeNull());
    });
  }
});
