// @vitest-environment jsdom
import type { Translations } from '@lm/contracts/translations';
import { TextInput } from '@mantine/core';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiRequestError } from '../api/api-error';
import { initTestI18n, renderWithUi } from '../test/render';
import { LANGUAGE_LABEL, TranslatedField, translationErrors } from './TranslatedField';

afterEach(cleanup);
beforeAll(initTestI18n);

let saved: Translations<'name'> = {};

function PackageName({ errors }: { errors?: Record<string, string> }) {
  const [name, setName] = useState('Growth');
  const [value, setValue] = useState<Translations<'name'>>({ name: { fr: 'Croissance' } });
  saved = value;
  return (
    <TranslatedField
      label="Name"
      field="name"
      value={value}
      onChange={setValue}
      errors={errors}
      testId="name-translations"
      english={
        <TextInput label={LANGUAGE_LABEL.en} value={name} onChange={(e) => setName(e.currentTarget.value)} />
      }
    />
  );
}

describe('<TranslatedField> (staff edit reference texts in five languages)', () => {
  it('shows English, French, German, Arabic and Turkish side by side, Arabic right to left', () => {
    renderWithUi(<PackageName />);
    for (const label of ['English', 'Français', 'Deutsch', 'العربية', 'Türkçe'])
      expect(screen.getByLabelText(label)).toBeTruthy();
    expect((screen.getByLabelText('English') as HTMLInputElement).value).toBe('Growth');
    expect((screen.getByLabelText('Français') as HTMLInputElement).value).toBe('Croissance');
    // Mantine puts `dir` on the input's own wrapper.
    expect(screen.getByLabelText('العربية').closest('[dir]')?.getAttribute('dir')).toBe('rtl');
    expect(screen.getByLabelText('Deutsch').closest('[dir]')?.getAttribute('dir')).toBe('ltr');
    expect(
      screen.getByText('What readers of each language see; an empty text shows the English one.'),
    ).toBeTruthy();
  });

  it('keeps each language’s text and shows the server’s error under its language', () => {
    renderWithUi(<PackageName errors={{ 'translations.name.ar': 'Value is too long' }} />);
    fireEvent.change(screen.getByLabelText('العربية'), { target: { value: 'باقة النمو' } });
    fireEvent.change(screen.getByLabelText('Deutsch'), { target: { value: 'Wachstum' } });
    expect(saved).toEqual({ name: { fr: 'Croissance', ar: 'باقة النمو', de: 'Wachstum' } });
    const arabic = screen.getByTestId('name-translations-ar');
    expect(arabic.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Value is too long')).toBeTruthy();
  });

  it('picks the translations errors out of a 422 answer', () => {
    const error = new ApiRequestError(422, {
      message: 'Invalid',
      errors: { name: ['Field is required'], 'translations.name.fr': ['Value is too long'] },
    });
    expect(translationErrors(error)).toEqual({ 'translations.name.fr': 'Value is too long' });
    expect(translationErrors(new Error('offline'))).toEqual({});
  });
});
