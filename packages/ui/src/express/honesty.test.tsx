// @vitest-environment jsdom
import { EXPRESS_CAMPAIGN_STATUS as S } from '@lm/contracts';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n, renderWithUi } from '../test/render';
import { DisclosureFix, DisclosureValue, MadeWithAi } from './Honesty';

afterEach(cleanup);
beforeAll(initTestI18n);

describe('honest promotion, as read on a campaign', () => {
  it("names the artist's AI declaration, and 'Not declared' when there was none", () => {
    renderWithUi(<MadeWithAi value={true} />);
    expect(screen.getByTestId('made-with-ai-line').textContent).toBe('Made with AI: Yes');
    cleanup();
    renderWithUi(<MadeWithAi value={false} />);
    expect(screen.getByTestId('made-with-ai-line').textContent).toBe('Made with AI: No');
    cleanup();
    renderWithUi(<MadeWithAi value={null} />);
    expect(screen.getByTestId('made-with-ai-line').textContent).toBe('Made with AI: Not declared');
  });

  it('says how the video disclosed the paid promotion, or that it was not checked yet', () => {
    const said = (value: 'flag' | 'caption' | 'missing' | null) => {
      renderWithUi(<DisclosureValue value={value} />);
      const text = screen.getByTestId('disclosure-value').textContent;
      cleanup();
      return text;
    };
    expect(said('flag')).toBe("Platform's paid-partnership label");
    expect(said('caption')).toBe('#ad in the caption');
    expect(said('missing')).toBe('Not disclosed');
    expect(said(null)).toBe('Not checked yet');
  });

  it('tells the creator how to fix a missing disclosure only while the video is still awaited', () => {
    renderWithUi(
      <DisclosureFix campaign={{ status: { id: S.WAITING_SUBMISSION }, disclosure: 'missing' }} />,
    );
    expect(screen.getByTestId('disclosure-fix').textContent).toContain('#ad');
    cleanup();
    renderWithUi(<DisclosureFix campaign={{ status: { id: S.FAILED_TO_SUBMIT }, disclosure: 'missing' }} />);
    expect(screen.queryByTestId('disclosure-fix')).toBeNull();
    renderWithUi(
      <DisclosureFix campaign={{ status: { id: S.WAITING_SUBMISSION }, disclosure: 'caption' }} />,
    );
    expect(screen.queryByTestId('disclosure-fix')).toBeNull();
  });
});
