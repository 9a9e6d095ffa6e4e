// @vitest-environment jsdom
import { EXPRESS_CAMPAIGN_STATUS as S } from '@lm/contracts';
import { cleanup, screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n, renderWithUi } from '../test/render';
import { CampaignTimeline, endDateLabel } from './ExpressCampaignView';

afterEach(cleanup);
beforeAll(initTestI18n);

const entry = (over: object) => ({
  id: 1,
  from_status: null,
  to_status: S.PENDING_APPROVAL,
  status: 'Pending for Approval',
  actor_type: 'user',
  actor_name: null,
  note: null,
  listened_seconds: null,
  created_at: '2026-11-28T10:00:00.000Z',
  ...over,
});

describe('a force-ended campaign', () => {
  it('names the staff member who ended it on the timeline, "Admin" when the name is not given', () => {
    renderWithUi(
      <CampaignTimeline
        entries={[
          entry({}),
          entry({ id: 2, to_status: S.DECLINED, actor_type: 'admin', actor_name: 'Jane Staff' }),
          entry({ id: 3, to_status: S.DECLINED, actor_type: 'admin' }),
        ]}
      />,
    );
    const lines = screen.getAllByText(/·/).map((n) => n.textContent ?? '');
    expect(lines[1]).toContain('Jane Staff');
    expect(lines[1]).not.toContain('Admin');
    expect(lines[2]).toContain('Admin');
  });

  it('dates a refunded (declined) or failed campaign as "Ended", only a completed one as "Completed"', () => {
    expect(i18next.t(endDateLabel(S.DECLINED))).toBe('Ended');
    expect(i18next.t(endDateLabel(S.FAILED_TO_SUBMIT))).toBe('Ended');
    expect(i18next.t(endDateLabel(S.COMPLETED))).toBe('Completed');
    expect(i18next.t(endDateLabel(S.ON_GOING))).toBe('Completed');
  });
});
