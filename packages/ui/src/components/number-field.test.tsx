// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithUi } from '../test/render';
import { NumberField, numberFromInput } from './NumberField';

afterEach(cleanup);

function Field(props: { decimals?: boolean; initial?: number | null }) {
  const [value, setValue] = useState<number | null>(props.initial ?? null);
  return (
    <>
      <NumberField
        label="Amount"
        value={value}
        onChange={setValue}
        decimalScale={props.decimals ? 2 : undefined}
        fixedDecimalScale={props.decimals}
        prefix={props.decimals ? '£' : undefined}
        thousandSeparator
        data-testid="n"
      />
      <output data-testid="value">{JSON.stringify(value)}</output>
      <button type="button" onClick={() => setValue(7)}>
        reset
      </button>
    </>
  );
}

const typeText = (value: string) => {
  const input = screen.getByTestId('n') as HTMLInputElement;
  fireEvent.change(input, { target: { value } });
  return input;
};
const held = () => JSON.parse(screen.getByTestId('value').textContent ?? 'null');

describe('NumberField: the form holds the number typed', () => {
  it('reads the texts Mantine hands over as strings as the numbers they are', () => {
    expect(numberFromInput('460.00')).toBe(460);
    expect(numberFromInput('0460')).toBe(460);
    expect(numberFromInput('12.')).toBe(12);
    expect(numberFromInput(' ')).toBeNull();
    expect(numberFromInput('-')).toBeNull();
    expect(numberFromInput(5)).toBe(5);
  });

  it('a price typed into a fixed two-decimals field is a number, and the field shows £460.00', () => {
    renderWithUi(<Field decimals />);
    const input = typeText('460');
    expect(input.value).toBe('£460.00');
    expect(held()).toBe(460);
  });

  it('keeps the text being typed (a trailing separator, a trailing zero) while holding its number', () => {
    renderWithUi(<Field />);
    const input = typeText('12.');
    expect(input.value).toBe('12.');
    expect(held()).toBe(12);
    typeText('12.0');
    expect(input.value).toBe('12.0');
    typeText('12.05');
    expect(held()).toBe(12.05);
    typeText('0,460');
    expect(held()).toBe(460);
    typeText('');
    expect(held()).toBeNull();
  });

  it('shows a value set from outside instead of the text typed before', () => {
    renderWithUi(<Field initial={3} />);
    const input = typeText('31');
    expect(held()).toBe(31);
    fireEvent.click(screen.getByText('reset'));
    expect(input.value).toBe('7');
  });
});
