// @vitest-environment jsdom
import { Text } from '@mantine/core';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n, renderWithUi } from '../test/render';
import { Wizard } from './Wizard';

afterEach(cleanup);
beforeAll(initTestI18n);

describe('<Wizard>', () => {
  it('advances only after the step validates, and finishes on the last step', async () => {
    let valid = false;
    const onFinish = vi.fn();
    renderWithUi(
      <Wizard
        onFinish={onFinish}
        steps={[
          { label: 'Personal Details', validate: () => valid, content: <Text>first step</Text> },
          { label: 'Song Details', content: <Text>second step</Text> },
        ]}
      />,
    );
    expect(screen.getByText('first step')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('data-loading')).toBe(false),
    );
    expect(screen.getByText('first step')).toBeTruthy();
    expect(screen.queryByText('second step')).toBeNull();

    valid = true;
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('second step');

    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onFinish).toHaveBeenCalledTimes(1));

    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await screen.findByText('first step');
  });

  it('keeps Submit disabled while finishDisabled (e.g. until I agree is ticked)', () => {
    renderWithUi(
      <Wizard onFinish={() => undefined} finishDisabled steps={[{ label: 'About', content: 'x' }]} />,
    );
    expect((screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
