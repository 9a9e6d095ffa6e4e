// @vitest-environment jsdom
import { initTestI18n, renderWithUi } from '@lm/ui/test/render.tsx';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { NoteConfirmModal } from './NoteConfirmModal';

afterEach(cleanup);
beforeAll(async () => {
  await initTestI18n();
});

function Harness({ required, onConfirm }: { required: boolean; onConfirm(note: string): void }) {
  const [note, setNote] = useState('');
  return (
    <NoteConfirmModal
      opened
      onClose={() => undefined}
      title="Decide"
      text="This hides the profile."
      note={{ label: 'Note', value: note, onChange: setNote, max: 10, required }}
      onConfirm={() => onConfirm(note)}
    />
  );
}

describe('NoteConfirmModal', () => {
  it('keeps Yes off while a required note is blank or any note is too long, and sends the typed note', () => {
    const onConfirm = vi.fn();
    renderWithUi(<Harness required onConfirm={onConfirm} />);
    expect(screen.getByText('This hides the profile.')).toBeTruthy();
    const yes = () => screen.getByTestId('confirm-yes') as HTMLButtonElement;
    const field = screen.getByLabelText(/Note/) as HTMLTextAreaElement;
    expect(yes().disabled).toBe(true);
    fireEvent.change(field, { target: { value: '   ' } });
    expect(yes().disabled).toBe(true);
    fireEvent.change(field, { target: { value: 'far too long a note' } });
    expect(yes().disabled).toBe(true);
    fireEvent.change(field, { target: { value: 'fake' } });
    expect(yes().disabled).toBe(false);
    fireEvent.click(yes());
    expect(onConfirm).toHaveBeenCalledWith('fake');
  });

  it('lets an optional note stay blank', () => {
    const onConfirm = vi.fn();
    renderWithUi(<Harness required={false} onConfirm={onConfirm} />);
    const yes = screen.getByTestId('confirm-yes') as HTMLButtonElement;
    expect(yes.disabled).toBe(false);
    fireEvent.click(yes);
    expect(onConfirm).toHaveBeenCalledWith('');
  });
});
