// @vitest-environment jsdom
import { NumberInput } from '@mantine/core';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithUi } from '../test/render';

afterEach(cleanup);

function Field() {
  const [value, setValue] = useState<number | string>('');
  return (
    <>
      <NumberInput label="Platform fee" min={0} max={90} value={value} onChange={setValue} data-testid="n" />
      <output data-testid="value">{String(value)}</output>
    </>
  );
}

describe('number inputs of the apps theme', () => {
  it('never clamp what was typed to min/max on blur: the form refuses it instead', () => {
    renderWithUi(<Field />);
    const input = screen.getByTestId('n') as HTMLInputElement;
    for (const typed of ['-5', '101']) {
      fireEvent.focus(input);
      fireEvent.change(input, { target: { value: typed } });
      fireEvent.blur(input);
      expect(input.value).toBe(typed);
      expect(screen.getByTestId('value').textContent).toBe(typed);
    }
  });
});
