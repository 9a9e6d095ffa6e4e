// @vitest-environment jsdom
import { addWorkingDays } from '@lm/contracts/custom-campaigns';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n, renderWithUi } from '../test/render';
import { CustomPaymentBadge } from './CustomCampaignView';
import { CustomNextSteps, CustomProcessSteps } from './CustomNextSteps';

afterEach(cleanup);
beforeAll(initTestI18n);

const campaign = (status: number, isPaid = false) => ({
  status: { id: status, status: '' },
  is_paid: isPaid,
  price: 150,
  // A Friday: two working days later is the Tuesday.
  created_at: '2026-11-27T10:00:00.000Z',
  playlist_submission_days: 3,
});

describe('custom campaign: the artist is told what happens next', () => {
  it('counts working days: Friday + 2 is Tuesday', () => {
    expect(addWorkingDays(new Date('2026-11-27T10:00:00Z'), 2).toISOString().slice(0, 10)).toBe('2026-12-01');
    expect(addWorkingDays(new Date('2026-11-24T10:00:00Z'), 2).toISOString().slice(0, 10)).toBe('2026-11-26');
  });

  it('while the team reviews it: the review, the date of the answer, that paying opens once approved', () => {
    renderWithUi(<CustomNextSteps campaign={campaign(1)} />);
    const box = screen.getByTestId('custom-next-steps');
    expect(box.textContent).toContain('The team reviews your campaign first');
    expect(box.textContent).toContain('answer by Dec 1, 2026');
    expect(box.textContent).toContain(
      'Paying (150 coins) opens here once it is approved; nothing is charged before.',
    );
  });

  it('approved and unpaid: pay; paid: the team publishes it; nothing once published', () => {
    renderWithUi(<CustomNextSteps campaign={campaign(3)} />);
    expect(screen.getByTestId('custom-next-steps').textContent).toContain(
      'Pay 150 coins from your wallet or by card.',
    );
    cleanup();
    renderWithUi(<CustomNextSteps campaign={campaign(6, true)} />);
    expect(screen.getByTestId('custom-next-steps').textContent).toContain('have 3 days to add your song');
    cleanup();
    renderWithUi(<CustomNextSteps campaign={campaign(7, true)} />);
    expect(screen.queryByTestId('custom-next-steps')).toBeNull();
  });

  it('the payment badge says "After approval" while the team reviews, not "Pending"', () => {
    renderWithUi(<CustomPaymentBadge paid={false} status={2} />);
    expect(screen.getByTestId('custom-payment').textContent).toBe('After approval');
    cleanup();
    renderWithUi(<CustomPaymentBadge paid={false} status={3} />);
    expect(screen.getByTestId('custom-payment').textContent).toBe('Pending');
  });

  it("the wizard's step for the artist lists the steps with the durations, no staff settings", () => {
    renderWithUi(
      <CustomProcessSteps
        durations={{ submission: 3, ongoing: 28, auditing: 1 }}
        reviewBy={new Date('2026-12-01T10:00:00Z')}
      />,
    );
    const box = screen.getByTestId('custom-process');
    expect(box.textContent).toContain('answers by Dec 1, 2026');
    expect(box.textContent).toContain('Curators have 3 days to add your song');
    expect(box.textContent).toContain('stays on each playlist for 28 days');
    expect(box.textContent).toContain('checked for 1 day:');
    expect(box.textContent).not.toMatch(/Auditing|Publish date|Status/);
  });
});
