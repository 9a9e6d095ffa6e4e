// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n, renderWithUi } from '../test/render';
import { CountedTextarea, isTooLong } from './CountedTextarea';

afterEach(cleanup);
beforeAll(initTestI18n);

function Reason() {
  const [text, setText] = useState('');
  return (
    <CountedTextarea label="Reason" max={10} value={text} onChange={(e) => setText(e.currentTarget.value)} />
  );
}

describe('<CountedTextarea> (limited fields show their counter)', () => {
  it('shows how much of the limit is used and never cuts a paste', () => {
    renderWithUi(<Reason />);
    expect(screen.getByTestId('field-counter').textContent).toBe('0 / 10');
    const box = screen.getByLabelText('Reason') as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: 'short' } });
    expect(screen.getByTestId('field-counter').textContent).toBe('5 / 10');
    expect(screen.queryByText(/At most/)).toBeNull();
    fireEvent.change(box, { target: { value: 'a pasted text far too long' } });
    // The text stays whole; the field says it is too long.
    expect(box.value).toBe('a pasted text far too long');
    expect(box.getAttribute('maxlength')).toBeNull();
    expect(screen.getByTestId('field-counter').textContent).toBe('26 / 10');
    expect(screen.getByText('At most 10 characters: please shorten the text.')).toBeTruthy();
  });

  it('counts as the server does (trimmed)', () => {
    expect(isTooLong('  0123456789  ', 10)).toBe(false);
    expect(isTooLong('01234567890', 10)).toBe(true);
    expect(isTooLong(undefined, 10)).toBe(false);
  });
});
