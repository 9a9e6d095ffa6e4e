// @vitest-environment jsdom
import { EXPRESS_CAMPAIGN_STATUS as S } from '@lm/contracts';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n, renderWithUi } from '../test/render';
import { AnswerBy, EndReasonBadge } from './AnswerInTime';

afterEach(cleanup);
beforeAll(initTestI18n);

const deadline = '2026-12-06T12:49:00.000Z';

describe('answer in time', () => {
  it('shows "Answer by" only while the request waits for the seller', () => {
    renderWithUi(<AnswerBy campaign={{ status: { id: S.PENDING_APPROVAL }, answer_deadline: deadline }} />);
    expect(screen.getByTestId('answer-by').textContent).toMatch(/^Answer by Dec 6, 2026/);
    cleanup();
    renderWithUi(<AnswerBy campaign={{ status: { id: S.WAITING_SUBMISSION }, answer_deadline: deadline }} />);
    expect(screen.queryByTestId('answer-by')).toBeNull();
    renderWithUi(<AnswerBy campaign={{ status: { id: S.PENDING_APPROVAL }, answer_deadline: null }} />);
    expect(screen.queryByTestId('answer-by')).toBeNull();
  });

  it("says why a Declined campaign ended, nothing for a seller's decline", async () => {
    renderWithUi(<EndReasonBadge campaign={{ status: { id: S.DECLINED }, end_reason: 'unanswered' }} />);
    expect(screen.getByTestId('end-reason').textContent).toBe('Not answered in time');
    cleanup();
    renderWithUi(<EndReasonBadge campaign={{ status: { id: S.DECLINED }, end_reason: 'withdrawn' }} />);
    expect(screen.getByTestId('end-reason').textContent).toBe('Withdrawn');
    cleanup();
    renderWithUi(<EndReasonBadge campaign={{ status: { id: S.DECLINED }, end_reason: 'declined' }} />);
    expect(screen.queryByTestId('end-reason')).toBeNull();
  });
});
