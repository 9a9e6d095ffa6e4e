// @vitest-environment jsdom
import { initTestI18n, renderWithUi } from '@lm/ui/test/render.tsx';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type RecordEditor, RecordFormModal, useRecordEditor } from './RecordFormModal';

afterEach(cleanup);
beforeAll(async () => {
  await initTestI18n();
});

type Row = { id: number; name: string };

/** A form holding its own draft, to see whether it starts afresh for each record. */
function DraftForm({ row }: { row: Row | null }) {
  const [draft, setDraft] = useState(row?.name ?? '');
  return <input aria-label="draft" value={draft} onChange={(e) => setDraft(e.currentTarget.value)} />;
}

let editor: RecordEditor<Row>;
function Page() {
  editor = useRecordEditor<Row>();
  return (
    <RecordFormModal editor={editor} titles={['ui.confirm.title', 'ui.confirm.default']}>
      {(row) => <DraftForm row={row} />}
    </RecordFormModal>
  );
}

describe('RecordFormModal', () => {
  it('is closed at first, titles a new record and an edited one apart, and starts each form afresh', async () => {
    renderWithUi(<Page />);
    expect(screen.queryByLabelText('draft')).toBeNull();
    act(() => editor.edit('new'));
    expect(await screen.findByText('Please confirm')).toBeTruthy();
    expect((screen.getByLabelText('draft') as HTMLInputElement).value).toBe('');
    act(() => editor.edit({ id: 1, name: 'One' }));
    expect(await screen.findByText('Are you sure?')).toBeTruthy();
    const draft = () => screen.getByLabelText('draft') as HTMLInputElement;
    expect(draft().value).toBe('One');
    fireEvent.change(draft(), { target: { value: 'One, changed' } });
    act(() => editor.edit({ id: 2, name: 'Two' }));
    expect(draft().value).toBe('Two');
    act(() => editor.close());
    expect(screen.queryByLabelText('draft')).toBeNull();
  });
});
